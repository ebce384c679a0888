package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.PushPromiseHandler;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client calls {@code getBody} of a body subscriber it did not make itself on its executor, in
 * case it blocks: a subscriber of the agent's (one wrapping the app's, say) would cost every call a
 * hop to another thread and back. So the agent hands the client only the JDK's own for a call that
 * does not stream, whatever handler the app gave. (A stream's attempt is read through
 * {@link AttemptBodyStream}, one hop per stream, for the bytes that arrived before a stream broke.)
 */
class ClientBodySubscribersTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private final LoopbackServer primary = new LoopbackServer();
    private final HttpClient real = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stopServer() {
        primary.close();
    }

    @Test
    void aGovernedUnstreamedSendGivesTheClientOnlyBodySubscribersOfTheJdksOwn() {
        RecordingClient client = new RecordingClient(real);
        FakeGovernor unstreamed = FakeGovernor.passThrough(Duration.ofSeconds(10)).unstreamed();
        JdkHttpAdapter adapter = new JdkHttpAdapter(() -> unstreamed, AgentThreads.shared());

        for (BodyHandler<?> appHandler : List.of(BodyHandlers.ofString(), BodyHandlers.ofByteArray(),
                BodyHandlers.ofInputStream())) {
            HookOutcome outcome = adapter.send(client, chat(), appHandler);
            assertNotNull(outcome, "governed");
            assertNull(outcome.failure(), () -> "the call failed: " + outcome.failure());
            assertEquals(200, ((HttpResponse<?>) outcome.value()).statusCode());
        }

        assertFalse(client.subscribers.isEmpty());
        for (BodySubscriber<?> subscriber : client.subscribers) {
            assertEquals("jdk.internal.net.http", subscriber.getClass().getPackageName(), subscriber.getClass().getName());
        }
    }

    private HttpRequest chat() {
        return HttpRequest.newBuilder(primary.uri("/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer app-key")
                .POST(HttpRequest.BodyPublishers.ofString(PROMPT))
                .build();
    }

    /** The real client, noting every body subscriber the handlers it is given make. */
    private static final class RecordingClient extends HttpClient {
        private final HttpClient client;
        final List<BodySubscriber<?>> subscribers = new CopyOnWriteArrayList<>();

        RecordingClient(HttpClient client) {
            this.client = client;
        }

        private <T> BodyHandler<T> recording(BodyHandler<T> handler) {
            return info -> {
                BodySubscriber<T> subscriber = handler.apply(info);
                subscribers.add(subscriber);
                return subscriber;
            };
        }

        @Override
        public <T> HttpResponse<T> send(HttpRequest request, BodyHandler<T> handler)
                throws IOException, InterruptedException {
            return client.send(request, recording(handler));
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, BodyHandler<T> handler) {
            return client.sendAsync(request, recording(handler));
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, BodyHandler<T> handler,
                PushPromiseHandler<T> pushPromises) {
            return client.sendAsync(request, recording(handler), pushPromises);
        }

        @Override
        public Optional<CookieHandler> cookieHandler() {
            return client.cookieHandler();
        }

        @Override
        public Optional<Duration> connectTimeout() {
            return client.connectTimeout();
        }

        @Override
        public Redirect followRedirects() {
            return client.followRedirects();
        }

        @Override
        public Optional<ProxySelector> proxy() {
            return client.proxy();
        }

        @Override
        public SSLContext sslContext() {
            return client.sslContext();
        }

        @Override
        public SSLParameters sslParameters() {
            return client.sslParameters();
        }

        @Override
        public Optional<Authenticator> authenticator() {
            return client.authenticator();
        }

        @Override
        public Version version() {
            return client.version();
        }

        @Override
        public Optional<Executor> executor() {
            return client.executor();
        }
    }
}
