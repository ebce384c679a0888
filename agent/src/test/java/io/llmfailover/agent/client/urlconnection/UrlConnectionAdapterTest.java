package io.llmfailover.agent.client.urlconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.UrlConnectionHook;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HttpHeaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter as the hooks woven into the JDK's connection drive it: each hooked method asks
 * the adapter first, and runs the JDK's own code when the adapter returns null.
 */
class UrlConnectionAdapterTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration FIRST_BYTE = Duration.ofMillis(300);

    private final LoopbackServer primary = new LoopbackServer();
    private final LoopbackServer fallback = new LoopbackServer();

    @AfterEach
    void stopServers() {
        primary.close();
        fallback.close();
    }

    @Test
    void aGovernedCallIsAnsweredByTheConnectionThatReceivedTheAppsOwnRequest() throws IOException {
        FakeGovernor governor = FakeGovernor.passThrough(FIRST_BYTE);
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));

        app.write(PROMPT);

        assertEquals("{\"ok\":true}", text(app.input()));
        assertEquals("HTTP/1.1 200 OK", app.accessor("getHeaderField", 0));
        assertEquals("application/json", app.accessor("getHeaderField", "content-type"));
        assertEquals(1, governor.executed().size());
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
    }

    @Test
    void anAnswerTheRuntimeMadeIsReportedAsTheJdkReportsAResponse() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> new BufferedResponse(429,
                HttpHeaders.builder().add("Retry-After", "7").build(), "{}".getBytes(StandardCharsets.UTF_8)));
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));
        app.write(PROMPT);

        assertThrows(IOException.class, app::input);
        assertEquals("HTTP/1.1 429 Too Many Requests", app.accessor("getHeaderField", 0));
        assertEquals("7", app.accessor("getHeaderField", "Retry-After"));
        assertTrue(primary.received().isEmpty());
    }

    @Test
    void H4_aBodyWrittenPastTheCapGoesOutWholeOnTheAppsOwnConnectionUngoverned() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(10);
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));

        app.write(PROMPT);

        assertEquals("{\"ok\":true}", text(app.input()));
        assertEquals(200, app.connection.getResponseCode());
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void H4_aFixedLengthLargerThanTheCapIsNeverBuffered() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AssertionError("a body over the cap reached the runtime");
        }).withBufferLimit(10);
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));
        app.connection.setFixedLengthStreamingMode(PROMPT.length());
        app.fixedLength = PROMPT.length();

        OutputStream out = app.output();

        assertFalse(out instanceof CappedRequestBody, "the agent buffered a body it knew to be over the cap");
        out.write(PROMPT.getBytes(StandardCharsets.UTF_8));
        out.close();
        assertEquals("{\"ok\":true}", text(app.input()));
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
        assertTrue(governor.executed().isEmpty());
    }

    @Test
    void H4_anUploadToAPathTheRuntimeDoesNotGovernIsNeverBuffered() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> uri.getPath().equals("/v1/chat/completions"), (request, transport) -> {
            throw new AssertionError("an upload reached the runtime");
        });
        AppConnection app = new AppConnection(governor, primary.uri("/v1/files"));

        assertFalse(app.output() instanceof CappedRequestBody);
        assertEquals(null, app.adapter.response(app.connection, "getInputStream", null, app.internals()));
    }

    @Test
    void M1_theAppsOwnReadTimeoutEndsTheCallAsTheAppsTimeoutWithoutFailingOver() throws IOException {
        primary.answering(exchange -> primary.holdUntilReleased());
        List<Class<?>> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            try {
                return transport.send(request, Duration.ofSeconds(30));
            } catch (CallAbandonedException abandoned) {
                runtimeSaw.add(abandoned.getClass());
                throw abandoned;
            } catch (IOException e) {
                runtimeSaw.add(e.getClass());
                return transport.send(request.withUri(fallback.uri("/v1/chat/completions")), Duration.ofSeconds(30));
            }
        });
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));
        app.connection.setReadTimeout(300);
        app.write(PROMPT);

        IOException thrown = assertThrows(IOException.class, app::input);

        assertInstanceOf(SocketTimeoutException.class, thrown);
        assertEquals(List.of(CallAbandonedException.class), runtimeSaw);
        assertTrue(fallback.received().isEmpty());
    }

    @Test
    void aRuntimeFailureSendsTheAppsOwnConnectionOnceAsIfTheAgentWereAbsent() throws IOException {
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            throw new AgentFailure("broken route table", null);
        });
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));
        app.write(PROMPT);

        assertEquals("{\"ok\":true}", text(app.input()));
        assertEquals(200, app.connection.getResponseCode());
        assertEquals(List.of(PROMPT), bodiesReceivedBy(primary));
    }

    @Test
    void aRewrittenAttemptHandsItsRedirectBackThoughTheAppsConnectionFollowsRedirects() throws IOException {
        primary.answering(exchange -> LoopbackServer.respond(exchange, 503, "application/json", "{\"error\":\"overloaded\"}"));
        fallback.answering(LoopbackServer.redirectingChatTo(fallback.uri("/elsewhere")));
        List<Integer> runtimeSaw = new CopyOnWriteArrayList<>();
        FakeGovernor governor = new FakeGovernor(uri -> true, (request, transport) -> {
            transport.send(request, FIRST_BYTE).close();
            var fallbackAnswer = transport.send(request.withUri(fallback.uri("/v1/chat/completions")), FIRST_BYTE);
            runtimeSaw.add(fallbackAnswer.status());
            return fallbackAnswer;
        });
        AppConnection app = new AppConnection(governor, primary.uri("/v1/chat/completions"));
        assertTrue(app.connection.getInstanceFollowRedirects(), "HttpURLConnection's default");
        app.write(PROMPT);

        app.accessor("getHeaderField", 0);

        assertEquals(List.of(307), runtimeSaw);
        assertEquals(List.of("/v1/chat/completions"), fallback.received().stream().map(LoopbackServer.Received::path).toList(),
                "the fallback's key and prompt went where its redirect points");
    }

    @Test
    void M6_aGovernedConnectionHoldsNoMonitorWhileItsCallRuns() {
        for (Method method : GovernedConnection.class.getDeclaredMethods()) {
            assertFalse(Modifier.isSynchronized(method.getModifiers()), method + " pins a virtual thread's carrier");
        }
    }

    /** An app's connection whose hooked methods go through the adapter, as the woven hooks do. */
    private static final class AppConnection {
        final UrlConnectionAdapter adapter;
        final HttpURLConnection connection;
        long fixedLength = -1;

        AppConnection(FakeGovernor governor, URI uri) throws IOException {
            this.adapter = new UrlConnectionAdapter(() -> governor);
            this.connection = (HttpURLConnection) uri.toURL().openConnection();
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/json");
        }

        OutputStream output() throws IOException {
            HookOutcome outcome = adapter.outputStream(connection, internals());
            return outcome == null ? connection.getOutputStream() : (OutputStream) valueOf(outcome);
        }

        void write(String body) throws IOException {
            try (OutputStream out = output()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }

        InputStream input() throws IOException {
            return (InputStream) accessor("getInputStream", connection::getInputStream, null);
        }

        Object accessor(String name, Object argument) throws IOException {
            return argument instanceof Integer index
                    ? accessor(name, () -> name.equals("getHeaderField") ? connection.getHeaderField(index) : connection.getHeaderFieldKey(index), index)
                    : accessor(name, () -> connection.getHeaderField((String) argument), argument);
        }

        private Object accessor(String name, Callable<Object> jdk, Object argument) throws IOException {
            HookOutcome outcome = adapter.response(connection, name, argument, internals());
            if (outcome == null) {
                try {
                    return jdk.call();
                } catch (IOException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return valueOf(outcome);
        }

        /** What the hooks read of the connection's private state: here, what its public methods show. */
        UrlConnectionHook.Internals internals() {
            return new UrlConnectionHook.Internals() {
                @Override
                public Map<String, List<String>> requestHeaders() {
                    try {
                        return connection.getRequestProperties();
                    } catch (IllegalStateException alreadyConnected) {
                        return Map.of();
                    }
                }

                @Override
                public void removeRequestHeader(String name) {
                    // the test's connections carry no header of the agent's
                }

                @Override
                public long fixedLength() {
                    return fixedLength;
                }

                @Override
                public Object proxy() {
                    return null;
                }
            };
        }

        private static Object valueOf(HookOutcome outcome) throws IOException {
            if (outcome.failure() instanceof IOException failure) {
                throw failure;
            }
            assertNotNull(outcome.value());
            return outcome.value();
        }
    }

    private static String text(InputStream body) throws IOException {
        try (body) {
            return new String(body.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<String> bodiesReceivedBy(LoopbackServer server) {
        return server.received().stream().map(LoopbackServer.Received::bodyText).toList();
    }
}
