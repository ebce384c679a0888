package io.llmfailover.agent.client.restclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.agent.testing.WatchedBody;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;

class RestClientAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);
    private static final String TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();

    @AfterEach
    void stop() {
        primary.close();
        fallback.close();
    }

    @Test
    void callsTheRuntimeDoesNotGovernPassThroughUntouched() {
        FakeGovernor governor = FakeGovernor.governingNothing();

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void anUntouchedAttemptAnswersTheAppWithTheBodySpringBuffered() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals("{\"ok\":true}", response.getBody());
        assertEquals(PROMPT, new String(governor.executed().get(0).body(), StandardCharsets.UTF_8));
        assertEquals("Bearer app-key", governor.executed().get(0).headers().first("Authorization").orElseThrow());
        assertEquals(1, primary.received().size());
    }

    @Test
    void aFailedOverCallReplaysTheSameBodyToTheFallbackAndAnswersAsTheAddressedProvider() {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(exchange -> LoopbackServer.respond(exchange, 200, "application/json", "{\"from\":\"fallback\"}"));
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse first = transport.send(request, FIRST_BYTE);
            first.close();
            LlmResponse second = transport.send(request.withUri(fallback.uri("/v1/chat/completions"))
                    .withHeaders(request.headers().with("Authorization", "Bearer fallback-key")), FIRST_BYTE);
            return new HeaderAdded(second, "x-llm-failover-provider", "fallback");
        });

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals(200, response.getStatusCode().value());
        assertEquals("fallback", response.getHeaders().getFirst("x-llm-failover-provider"));
        assertEquals("{\"from\":\"fallback\"}", response.getBody());
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
        assertEquals("Bearer fallback-key", fallback.received().get(0).header("Authorization"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
    }

    @Test
    void aResponseTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBody() {
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("Retry-After", "7").build();
        byte[] error = "{\"error\":{\"type\":\"rate_limit\"}}".getBytes(StandardCharsets.UTF_8);
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(429, headers, error));

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .body(PROMPT).retrieve().onStatus(status -> true, (request, reply) -> { }).toEntity(String.class);

        assertEquals(429, response.getStatusCode().value());
        assertEquals("7", response.getHeaders().getFirst("Retry-After"));
        assertEquals(new String(error, StandardCharsets.UTF_8), response.getBody());
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void noHeadWithinTheFirstContentDeadlineAbandonsThatAttemptAndTheNextOneAnswers() {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Throwable> seen = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, FIRST_BYTE);
            } catch (IOException e) {
                seen.add(e);
                return transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
            }
        });

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertInstanceOf(HeadDeadlineException.class, seen.get(0));
        assertEquals(PROMPT, fallback.received().get(0).bodyText());
    }

    @Test
    void aFirstContentDeadlineWithNowhereElseToGoReachesTheAppAsAReadTimeout() {
        primary.answering(exchange -> primary.holdUntilReleased());
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        ResourceAccessException thrown = assertThrows(ResourceAccessException.class, () -> chat(clientGovernedBy(governor)));
        assertInstanceOf(SocketTimeoutException.class, thrown.getCause());
    }

    @Test
    void attemptsAreMarkedSoTheTransportAdapterUnderneathLeavesThemAlone() {
        List<Boolean> inCall = new CopyOnWriteArrayList<>();
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        RestClient client = RestClient.builder()
                .requestFactory(adapter(governor).wrapOnce((uri, method) -> {
                    inCall.add(AttemptGuard.active());
                    return new JdkClientHttpRequestFactory().createRequest(uri, method);
                }))
                .build();

        chat(client);

        assertEquals(List.of(true), inCall);
        assertTrue(!AttemptGuard.active(), "the caller's thread is no longer marked once the call returned");
    }

    @Test
    void aRuntimeFailureLetsTheOriginalCallProceedAsIfTheAgentWereAbsent() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertEquals(PROMPT, primary.received().get(0).bodyText());
    }

    @Test
    void H4_aBodyOverTheCapPassesThroughUngovernedOnceAsTheAppMadeIt() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(PROMPT.length() - 1);

        assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(List.of(PROMPT), primary.received().stream().map(LoopbackServer.Received::bodyText).toList());
    }

    @Test
    void aCallMadeWhileAnotherGovernedCallSendsIsLeftAlone() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);

        try (AttemptGuard.Scope outer = AttemptGuard.enter()) {
            assertEquals("{\"ok\":true}", chat(clientGovernedBy(governor)).getBody());
        }
        assertTrue(governor.executed().isEmpty());
        assertEquals(1, primary.received().size());
    }

    @Test
    void issue4_aFirstAttemptWithTraceContextAddedIsTheAppsRequestAndTheAppGetsTheFactorysOwnResponse() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) ->
                transport.send(request.withHeaders(request.headers().with("traceparent", TRACEPARENT)), FIRST_BYTE));
        List<String> seen = new ArrayList<>();

        String body = templateGovernedBy(governor).execute(primary.uri("/v1/chat/completions"), HttpMethod.POST,
                RestClientAdapterTest::writePrompt, response -> {
                    seen.add(response.getClass().getName());
                    return new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8);
                });

        assertEquals("{\"ok\":true}", body);
        assertEquals(List.of("org.springframework.http.client.JdkClientHttpResponse"), seen);
        assertEquals(TRACEPARENT, primary.received().get(0).header("traceparent"));
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
    }

    @Test
    void issue4_theAppsOwnResponseWhoseBodyTheRuntimeWatchesKeepsItsHeadAndIsReadThroughTheWatcher() {
        AtomicInteger watched = new AtomicInteger();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            LlmResponse own = transport.send(request.withHeaders(request.headers().with("traceparent", TRACEPARENT)),
                    FIRST_BYTE);
            return Answer.own(new WatchedBody(own, watched), own);
        });

        ResponseEntity<String> response = chat(clientGovernedBy(governor));

        assertEquals("{\"ok\":true}", response.getBody());
        assertEquals("application/json", response.getHeaders().getFirst("Content-Type"));
        assertEquals("{\"ok\":true}".length(), watched.get(), "the app read the body through the watcher");
    }

    @Test
    void anInternalFailureAfterTheAppsRequestWasSentEndsTheCallAndNeverSendsItAgain() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            throw new AgentFailure("broken after sending", null);
        });

        assertThrows(ResourceAccessException.class, () -> chat(clientGovernedBy(governor)));
        assertEquals(1, primary.received().size());
    }

    @Test
    void M1_theAppsOwnReadTimeoutEndsTheCallAsTheAppsTimeoutAndTheRuntimeIsToldTheAppGaveUp() {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                throw e;
            }
        });
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory();
        factory.setReadTimeout(Duration.ofMillis(200));
        RestClient client = RestClient.builder().requestFactory(adapter(governor).wrapOnce(factory)).build();

        ResourceAccessException thrown = assertThrows(ResourceAccessException.class, () -> chat(client));

        assertEquals("java.net.http.HttpTimeoutException", thrown.getCause().getClass().getName());
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertEquals(1, primary.received().size());
    }

    @Test
    void theAppsFactoryIsWrappedOnceWhereverItIsHandedOver() {
        RestClientAdapter adapter = adapter(FakeGovernor.governingNothing());
        ClientHttpRequestFactory apps = new JdkClientHttpRequestFactory();

        Object wrapped = adapter.governedRequestFactory(apps);

        assertInstanceOf(FailoverRequestFactory.class, wrapped);
        assertSame(wrapped, adapter.governedRequestFactory(wrapped), "a RestClient made from a RestTemplate keeps its wrapper");
        assertSame(apps, ((FailoverRequestFactory) wrapped).appFactory());
    }

    @Test
    void theAppsOwnInterceptorsStillRunAboveAndWhatTheyAddReachesTheRuntime() {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        RestClient client = RestClient.builder()
                .requestFactory(adapter(governor).wrapOnce(new JdkClientHttpRequestFactory()))
                .requestInterceptor((request, body, execution) -> {
                    request.getHeaders().set("X-App", "interceptor");
                    return execution.execute(request, body);
                })
                .build();

        assertEquals("{\"ok\":true}", chat(client).getBody());
        assertEquals("interceptor", governor.executed().get(0).headers().first("X-App").orElseThrow());
        assertEquals(PROMPT, new String(governor.executed().get(0).body(), StandardCharsets.UTF_8));
        assertEquals("interceptor", primary.received().get(0).header("X-App"));
    }

    /**
     * RestClient sets the headers on the request the factory hands it, after the agent saw the call:
     * a call to a provider's host goes through the agent's own request, which never copies the
     * agent's header onto the factory's, and streams its body through unbuffered.
     */
    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeaderItsBodyStreamed() {
        List<String> writtenTo = new CopyOnWriteArrayList<>();
        RestClient client = clientGovernedBy(FakeGovernor.governingNothingAtAProvidersHost());

        ResponseEntity<String> models = client.get().uri(primary.uri("/v1/models"))
                .header("Authorization", "Bearer app-key").header("x-llm-route", "budget")
                .retrieve().toEntity(String.class);
        ResponseEntity<String> upload = client.post().uri(primary.uri("/v1/files"))
                .header("x-llm-route", "budget")
                .body(new GeneratedBody(1L << 20, writtenTo))
                .retrieve().toEntity(String.class);

        assertEquals("{\"ok\":true}", models.getBody());
        assertEquals("{\"ok\":true}", upload.getBody());
        for (LoopbackServer.Received received : primary.received()) {
            assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        }
        assertEquals("Bearer app-key", primary.received().get(0).header("Authorization"));
        assertEquals(1L << 20, primary.received().get(1).body().length);
        assertTrue(!writtenTo.get(0).contains("ByteArrayOutputStream"),
                () -> "the body was written into memory (" + writtenTo.get(0) + "), not to the app's own request");
    }

    @Test
    void H4_aNonGovernedUploadStreamsThroughTheAppsOwnRequestUnbuffered() throws IOException {
        List<ClientHttpRequest> created = new CopyOnWriteArrayList<>();
        ClientHttpRequestFactory apps = (uri, method) -> {
            ClientHttpRequest request = new JdkClientHttpRequestFactory().createRequest(uri, method);
            created.add(request);
            return request;
        };
        ClientHttpRequestFactory wrapped = adapter(FakeGovernor.governingNothing()).wrapOnce(apps);
        ClientHttpRequest request = wrapped.createRequest(primary.uri("/v1/files"), HttpMethod.POST);
        assertSame(created.get(0), request, "the app's factory's own request, untouched");

        List<String> writtenTo = new CopyOnWriteArrayList<>();
        long size = 8L << 20;
        ResponseEntity<String> response = RestClient.builder().requestFactory(wrapped).build()
                .post().uri(primary.uri("/v1/files"))
                .body(new GeneratedBody(size, writtenTo))
                .retrieve().toEntity(String.class);

        assertEquals("{\"ok\":true}", response.getBody());
        assertEquals(1, writtenTo.size(), "the body was written once");
        assertTrue(!writtenTo.get(0).contains("ByteArrayOutputStream"),
                () -> "the body was written into memory (" + writtenTo.get(0) + "), not to the app's own request");
        assertEquals(size, primary.received().get(0).body().length);
    }

    @Test
    void H4_aGovernedBodyPastTheCapIsSentOnceWholeUngoverned() {
        int cap = 1024;
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(cap);
        byte[] chunk = "0123456789abcdef".repeat(64).getBytes(StandardCharsets.UTF_8);
        RestTemplate template = new RestTemplate(adapter(governor).wrapOnce(new JdkClientHttpRequestFactory()));

        String answer = template.execute(primary.uri("/v1/chat/completions"), HttpMethod.POST, request -> {
            request.getHeaders().setContentType(MediaType.APPLICATION_JSON);
            for (int i = 0; i < 5; i++) {
                request.getBody().write(chunk);
            }
        }, response -> new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8));

        assertEquals("{\"ok\":true}", answer);
        assertTrue(governor.executed().isEmpty());
        assertEquals(1, primary.received().size());
        assertEquals(5 * chunk.length, primary.received().get(0).body().length);
        assertEquals(new String(chunk, StandardCharsets.UTF_8).repeat(5), primary.received().get(0).bodyText());
        assertEquals("application/json", primary.received().get(0).header("Content-Type"));
    }

    @Test
    void H4_aGovernedStreamedBodyOfUnknownLengthPastTheCapIsWrittenAgainWholeToTheAppsOwnRequest() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(4096);
        List<String> writtenTo = new CopyOnWriteArrayList<>();

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .body(new GeneratedBody(64 * 1024, writtenTo))
                .retrieve().toEntity(String.class);

        assertEquals("{\"ok\":true}", response.getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(2, writtenTo.size(), "read up to the cap, then written whole to the app's request");
        assertEquals(1, primary.received().size());
        assertEquals(64 * 1024, primary.received().get(0).body().length);
    }

    @Test
    void H4_aOneShotGovernedBodyOfUnknownLengthIsNeverReadAndGoesOnceUngoverned() {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a one-shot body reached the runtime");
        });
        List<String> writtenTo = new CopyOnWriteArrayList<>();

        ResponseEntity<String> response = clientGovernedBy(governor).post().uri(primary.uri("/v1/chat/completions"))
                .body(new GeneratedBody(1024, writtenTo).oneShot())
                .retrieve().toEntity(String.class);

        assertEquals("{\"ok\":true}", response.getBody());
        assertTrue(governor.executed().isEmpty());
        assertEquals(1, writtenTo.size());
        assertEquals(1024, primary.received().get(0).body().length);
    }

    private static RestClientAdapter adapter(CallRunner governor) {
        return new RestClientAdapter(() -> governor);
    }

    private static RestTemplate templateGovernedBy(CallRunner governor) {
        return new RestTemplate(adapter(governor).wrapOnce(new JdkClientHttpRequestFactory()));
    }

    private static void writePrompt(ClientHttpRequest request) throws IOException {
        request.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        request.getHeaders().set("Authorization", "Bearer app-key");
        request.getBody().write(PROMPT.getBytes(StandardCharsets.UTF_8));
    }

    private static RestClient clientGovernedBy(CallRunner governor) {
        return RestClient.builder().requestFactory(adapter(governor).wrapOnce(new JdkClientHttpRequestFactory())).build();
    }

    private ResponseEntity<String> chat(RestClient client) {
        return client.post().uri(primary.uri("/v1/chat/completions"))
                .header("Authorization", "Bearer app-key")
                .contentType(MediaType.APPLICATION_JSON)
                .body(PROMPT)
                .retrieve()
                .toEntity(String.class);
    }

    /** A body of {@code size} bytes, made as it is written, that records what it was written to. */
    private static final class GeneratedBody implements StreamingHttpOutputMessage.Body {
        private final long size;
        private final List<String> writtenTo;
        private boolean repeatable = true;

        GeneratedBody(long size, List<String> writtenTo) {
            this.size = size;
            this.writtenTo = writtenTo;
        }

        GeneratedBody oneShot() {
            repeatable = false;
            return this;
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            writtenTo.add(out.getClass().getName());
            byte[] chunk = new byte[8192];
            java.util.Arrays.fill(chunk, (byte) 'x');
            for (long left = size; left > 0; left -= chunk.length) {
                out.write(chunk, 0, (int) Math.min(chunk.length, left));
            }
        }

        @Override
        public boolean repeatable() {
            return repeatable;
        }
    }

    /** The runtime marks who served a call on the answer's headers; this stands in for it. */
    private record HeaderAdded(LlmResponse delegate, String name, String value) implements LlmResponse {
        @Override
        public int status() {
            return delegate.status();
        }

        @Override
        public HttpHeaders headers() {
            return delegate.headers().with(name, value);
        }

        @Override
        public java.io.InputStream body() {
            return delegate.body();
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
