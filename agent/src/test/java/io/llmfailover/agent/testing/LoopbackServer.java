package io.llmfailover.agent.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A stub provider on 127.0.0.1 that records what it received and answers as scripted. */
public final class LoopbackServer implements AutoCloseable {

    /** One request as the server saw it. */
    public record Received(String method, String path, Map<String, List<String>> headers, byte[] body) {
        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public String header(String name) {
            return headers.entrySet().stream()
                    .filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0))
                    .findFirst().orElse(null);
        }
    }

    @FunctionalInterface
    public interface Answer {
        void respond(HttpExchange exchange) throws IOException, InterruptedException;
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Answer answer = exchange -> respond(exchange, 200, "application/json", "{\"ok\":true}");

    public LoopbackServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            try (exchange) {
                received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                        Map.copyOf(exchange.getRequestHeaders()), exchange.getRequestBody().readAllBytes()));
                answer.respond(exchange);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException clientWentAway) {
                // the client timed out or cancelled: nothing more to do
            }
        });
        server.start();
    }

    public LoopbackServer answering(Answer scripted) {
        this.answer = scripted;
        return this;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** Blocks a scripted answer until the test ends (or {@link #release()}): a provider that never answers. */
    public void holdUntilReleased() throws InterruptedException {
        released.await(30, TimeUnit.SECONDS);
    }

    public void release() {
        released.countDown();
    }

    /** A 307 to {@code location} for a chat call ({@code /v1/chat/completions}); whatever else is asked, a 200. */
    public static Answer redirectingChatTo(URI location) {
        return exchange -> {
            if (exchange.getRequestURI().getPath().equals("/v1/chat/completions")) {
                exchange.getResponseHeaders().set("Location", location.toString());
                respond(exchange, 307, "application/json", "{}");
            } else {
                respond(exchange, 200, "application/json", "{\"elsewhere\":true}");
            }
        };
    }

    /** A 429 to the first request, then {@code json} with a 200 to every other: a provider limited for a moment. */
    public static Answer rateLimitedOnceThen(String json) {
        AtomicInteger asked = new AtomicInteger();
        return exchange -> {
            if (asked.incrementAndGet() == 1) {
                respond(exchange, 429, "application/json", "{\"error\":\"wait\"}");
            } else {
                respond(exchange, 200, "application/json", json);
            }
        };
    }

    public static void respond(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** An answer that streams {@code chunks} as {@link #stream} does. */
    public static Answer streaming(List<String> chunks, long pauseMillis) {
        return exchange -> stream(exchange, chunks, pauseMillis);
    }

    /** Sends the head and the first chunk at once, then each further chunk after {@code pause}. */
    public static void stream(HttpExchange exchange, List<String> chunks, long pauseMillis) throws IOException, InterruptedException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        for (int i = 0; i < chunks.size(); i++) {
            if (i > 0) {
                Thread.sleep(pauseMillis);
            }
            out.write(chunks.get(i).getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        out.close();
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        executor.shutdownNow();
    }
}
