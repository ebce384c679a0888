package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RouteHeader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ClientBinding} promises the {@link CallLifecycle}, checked against a real call
 * of its client to a loopback stub. A binding's test supplies only how to make one call of its
 * client and how the app reads the response back ({@link #exchange}); the steps each test runs on
 * the binding's call are what the lifecycle does with it.
 *
 * @param <C> the binding's per-call context
 * @param <R> the client's response type, as the app gets it
 */
public abstract class ClientBindingContractTest<C, R> {

    protected static final String PATH = "/v1/chat/completions";
    protected static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final long LIMIT = 1 << 20;
    private static final byte[] PROMPT_BYTES = PROMPT.getBytes(StandardCharsets.UTF_8);

    protected final LoopbackServer stub = new LoopbackServer();

    /** What the lifecycle does with the binding's call; what it returns is the app's response. */
    @FunctionalInterface
    public interface Steps<C, R> {
        R on(C call) throws IOException;
    }

    /**
     * One call as the app makes it: a POST of {@link #PROMPT} to the stub, with these headers,
     * governed with {@code bufferLimit} as {@code buffer.max-bytes} (the limit the steps buffer
     * with: a client that holds the body as the app writes it caps it with the call's governance).
     */
    public record AppRequest(URI uri, Map<String, String> headers, byte[] body, long bufferLimit) {}

    /** The response as the app read it to the end, its header names in lower case; read and closed. */
    public record AppResponse(int status, Map<String, List<String>> headers, byte[] body) {
        public String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.get(0);
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** The binding under test. */
    protected abstract ClientBinding<C, R> binding();

    /**
     * Makes {@code request} with the client, runs {@code steps} on the binding's call where the
     * agent's hook would, and returns the response the app then reads, read to the end and closed.
     */
    protected abstract AppResponse exchange(AppRequest request, Steps<C, R> steps) throws Exception;

    /** The exception type the client reports a timeout with (a reactive client's need not be an IOException). */
    protected abstract Class<? extends Throwable> timeoutType();

    /** The loader {@link ClientBinding#clientLoader} names: the client's own (null for the JDK's own clients). */
    protected abstract ClassLoader clientLoader();

    @AfterEach
    void stopStub() {
        stub.close();
    }

    @Test
    void readsMethodAndUriWithoutTouchingTheBody() throws Exception {
        AppRequest request = request(Map.of());

        AppResponse app = exchange(request, call -> {
            assertEquals("POST", binding().method(call));
            assertEquals(request.uri(), binding().uri(call));
            return binding().proceed(call, null);
        });

        assertEquals(200, app.status());
        assertEquals(PROMPT, onlyReceived().bodyText());
    }

    @Test
    void buffersTheWholeBodyUnderTheLimitAndProceedSendsItOnce() throws Exception {
        AtomicReference<BufferedBody> buffered = new AtomicReference<>();

        AppResponse app = exchange(request(Map.of()), call -> {
            buffered.set(binding().buffer(call, LIMIT));
            return binding().proceed(call, buffered.get());
        });

        assertTrue(buffered.get().fits());
        assertArrayEquals(PROMPT_BYTES, buffered.get().bytes());
        assertEquals("{\"ok\":true}", app.bodyText());
        assertEquals(PROMPT, onlyReceived().bodyText());
    }

    @Test
    void aBodyOverTheLimitIsTooLargeAndProceedStillSendsAllOfIt() throws Exception {
        AtomicReference<BufferedBody> buffered = new AtomicReference<>();

        AppResponse app = exchange(request(Map.of(), 10), call -> {
            buffered.set(binding().buffer(call, 10));
            return binding().proceed(call, buffered.get());
        });

        assertFalse(buffered.get().fits());
        assertTrue(buffered.get().passThroughReason().contains("larger than buffer.max-bytes (10 bytes)"),
                buffered.get().passThroughReason());
        assertEquals(200, app.status());
        assertEquals(PROMPT, onlyReceived().bodyText());
    }

    /**
     * As the lifecycle looks: as it first sees the call (a client whose app writes its headers later
     * may not have it yet), once the request is complete, and again before it goes out. A look
     * answers the app's value or null; a client may keep the header in its own copy of the request
     * and answer it again (WebClient's capture), as long as what it sends never carries it.
     */
    @Test
    protected void takesTheRouteHeaderOnceAndProceedSendsTheCallWithoutIt() throws Exception {
        List<String> looks = new ArrayList<>();

        exchange(request(Map.of(RouteHeader.NAME, "budget", "x-app", "kept")), call -> {
            looks.add(binding().takeHeader(call, RouteHeader.NAME));
            BufferedBody body = binding().buffer(call, LIMIT);
            looks.add(binding().takeHeader(call, RouteHeader.NAME));
            looks.add(binding().takeHeader(call, RouteHeader.NAME));
            return binding().proceed(call, body);
        });

        List<String> answered = looks.stream().filter(Objects::nonNull).distinct().toList();
        assertEquals(List.of("budget"), answered, "looks: " + looks);
        assertEquals("budget", looks.get(0) != null ? looks.get(0) : looks.get(1), "the value, once the request is complete");
        LoopbackServer.Received received = onlyReceived();
        assertNull(received.header(RouteHeader.NAME));
        assertEquals("kept", received.header("x-app"));
        assertEquals(PROMPT, received.bodyText());
    }

    /** The route header may be in it or not: the lifecycle adds the value it took ({@link NamedRoute#carrying}). */
    @Test
    void theNeutralRequestCarriesMethodUriHeadersAndTheBufferedBody() throws Exception {
        AppRequest request = request(Map.of(RouteHeader.NAME, "budget", "x-app", "kept"));
        AtomicReference<LlmRequest> neutral = new AtomicReference<>();

        exchange(request, call -> {
            binding().takeHeader(call, RouteHeader.NAME);
            BufferedBody body = binding().buffer(call, LIMIT);
            binding().takeHeader(call, RouteHeader.NAME);
            neutral.set(binding().toNeutral(call, body.bytes()));
            return binding().proceed(call, body);
        });

        assertEquals("POST", neutral.get().method());
        assertEquals(request.uri(), neutral.get().uri());
        assertEquals("kept", neutral.get().headers().first("x-app").orElse(null));
        assertArrayEquals(PROMPT_BYTES, neutral.get().body());
    }

    @Test
    void anAnswerTheRuntimeMadeReachesTheAppWithItsStatusHeadersAndBodyAndClosesWithIt() throws Exception {
        MadeAnswer made = new MadeAnswer(201, HttpHeaders.builder().add("Content-Type", "application/json")
                .add("x-llm-provider", "fallback").build(), "{\"from\":\"fallback\"}");

        AppResponse app = exchange(request(Map.of()), call -> binding().toApp(call, Answer.made(made)));

        assertEquals(201, app.status());
        assertEquals("fallback", app.header("x-llm-provider"));
        assertEquals("{\"from\":\"fallback\"}", app.bodyText());
        assertTrue(made.closed.await(10, TimeUnit.SECONDS), "closing the app's response closes the answer");
        assertTrue(stub.received().isEmpty(), "the app's request was not sent");
    }

    /**
     * The lifecycle throws it as an IOException; the app sees it unwrapped ({@link TransportFailure}).
     * A client whose own timeout is one shared instance, without a cause (Micronaut's), checks that
     * the app gets that very one.
     */
    @Test
    protected void theHeadDeadlineIsTheClientsOwnTimeout() {
        HeadDeadlineException expired = new HeadDeadlineException(Duration.ofMillis(250));

        Throwable appSees = TransportFailure.unwrapped(binding().timeout(expired));

        assertInstanceOf(timeoutType(), appSees);
        assertSame(expired, appSees.getCause());
    }

    @Test
    void namesTheClientsLoaderAndItsName() throws Exception {
        AtomicReference<ClassLoader> loader = new AtomicReference<>();

        exchange(request(Map.of()), call -> {
            loader.set(binding().clientLoader(call));
            return binding().proceed(call, null);
        });

        assertSame(clientLoader(), loader.get());
        assertNotNull(binding().clientName());
        assertFalse(binding().clientName().isBlank());
    }

    protected AppRequest request(Map<String, String> headers) {
        return request(headers, LIMIT);
    }

    protected AppRequest request(Map<String, String> headers, long bufferLimit) {
        return new AppRequest(stub.uri(PATH), headers, PROMPT_BYTES.clone(), bufferLimit);
    }

    /**
     * The lifecycle's hold on a call governed with {@code request}'s limit, for a client whose call
     * needs it before it runs (to cap the body the app writes): what {@link CallLifecycle#start}
     * gives, without its first look at the route header, which is the test's to take.
     */
    protected static <C> Governance governance(AppRequest request, ClientBinding<C, ?> binding, C call) {
        return Governance.of(FakeGovernor.passThrough(Duration.ofSeconds(10)).withBufferLimit(request.bufferLimit()),
                binding, call);
    }

    /** A client's own header objects, one name and value each, their names in lower case, for {@link AppResponse}. */
    protected static <T> Map<String, List<String>> headersOf(Iterable<T> fields, Function<T, String> name,
            Function<T, String> value) {
        Map<String, List<String>> headers = new TreeMap<>();
        fields.forEach(field -> headers.computeIfAbsent(name.apply(field), n -> new ArrayList<>()).add(value.apply(field)));
        return lowerCased(headers);
    }

    /** Header names in lower case, for {@link AppResponse}. */
    protected static Map<String, List<String>> lowerCased(Map<String, List<String>> headers) {
        Map<String, List<String>> lower = new TreeMap<>();
        headers.forEach((name, values) -> {
            if (name != null) {
                lower.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>()).addAll(values);
            }
        });
        return lower;
    }

    private LoopbackServer.Received onlyReceived() {
        List<LoopbackServer.Received> received = stub.received();
        assertEquals(1, received.size(), "sent exactly once");
        return received.get(0);
    }

    /** An answer the runtime built (a fallback's, translated): it knows whether it was closed. */
    private static final class MadeAnswer implements LlmResponse {
        private final int status;
        private final HttpHeaders headers;
        private final InputStream body;
        /** Counted down on close: an async client's relay closes the answer as it ends, maybe after the app heard the end. */
        final CountDownLatch closed = new CountDownLatch(1);

        MadeAnswer(int status, HttpHeaders headers, String body) {
            this.status = status;
            this.headers = headers;
            this.body = new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int status() {
            return status;
        }

        @Override
        public HttpHeaders headers() {
            return headers;
        }

        @Override
        public InputStream body() {
            return body;
        }

        @Override
        public void close() {
            closed.countDown();
        }
    }
}
