package io.llmfailover.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in OpenAI-protocol provider on loopback for traffic in bulk: it answers the n-th request
 * it receives with the n-th reply of a repeating script ("3 in 10 rate limited, 1 in 20
 * overloaded"), so a load sees an exact share of each fault whatever the timing. A request marked
 * with the {@link #PHASE_HEADER} follows the script of its phase instead, and counts apart: this is
 * how an app tells the stub that the load is over.
 *
 * <p>Built on the JDK's own HTTP server rather than WireMock: a deep accept backlog and a large
 * handler pool take a thousand concurrent connections, and the journal is counters, not a
 * thousand kept requests. The server must keep every idle connection open
 * ({@code sun.net.httpserver.maxIdleConnections}, set in e2e/pom.xml): a connection it closes
 * while a client reuses it fails that call the way no provider's load would.
 */
final class ScriptedProvider implements AutoCloseable {

    /** The request header an app sets to name the phase of a scenario its call belongs to. */
    static final String PHASE_HEADER = "x-e2e-phase";

    /** The phase of requests that carry no {@link #PHASE_HEADER}. */
    static final String MAIN_PHASE = "main";

    private static final int BACKLOG = 2048;
    private static final int HANDLER_THREADS = 200;
    private static final String RATE_LIMITED_BODY = StubProvider.fixture("error-rate-limited.json");
    private static final String OVERLOADED_BODY = StubProvider.fixture("error-overloaded.json");

    /** One answer of a script: a status, an optional Retry-After, and how long the head is held back. */
    record Reply(int status, String retryAfter, Duration delay) {

        static Reply ok() {
            return new Reply(200, null, Duration.ZERO);
        }

        static Reply okAfter(Duration delay) {
            return new Reply(200, null, delay);
        }

        static Reply rateLimited(String retryAfter) {
            return new Reply(429, retryAfter, Duration.ZERO);
        }

        static Reply overloaded() {
            return new Reply(503, null, Duration.ZERO);
        }
    }

    /** A script's replies and how many requests of its phase have arrived. */
    private record Script(List<Reply> replies, AtomicLong arrivals, Map<Integer, AtomicLong> byStatus) {

        Script(List<Reply> replies) {
            this(List.copyOf(replies), new AtomicLong(), new ConcurrentHashMap<>());
        }

        Reply next() {
            Reply reply = replies.get((int) (arrivals.getAndIncrement() % replies.size()));
            byStatus.computeIfAbsent(reply.status(), status -> new AtomicLong()).incrementAndGet();
            return reply;
        }
    }

    private final String name;
    private final String okBody;
    private final HttpServer server;
    private final ExecutorService handlers = Executors.newFixedThreadPool(HANDLER_THREADS);
    private final Map<String, Script> scripts = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<String> sdkRetryCounts = new ConcurrentLinkedQueue<>();

    private ScriptedProvider(String name, List<Reply> mainScript) {
        this.name = name;
        this.okBody = StubProvider.fixture("chat-completion.json").replace("%NAME%", name)
                .replace("%CONTENT%", "Hello from " + name);
        scripts.put(MAIN_PHASE, new Script(mainScript));
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), BACKLOG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::answer);
        server.setExecutor(handlers);
        server.start();
    }

    /** A provider answering unmarked requests by {@code script}, from its first reply, round and round. */
    static ScriptedProvider start(String name, List<Reply> script) {
        return new ScriptedProvider(name, script);
    }

    /** A provider that answers every unmarked request at once. */
    static ScriptedProvider healthy(String name) {
        return start(name, List.of(Reply.ok()));
    }

    /** Requests marked {@code phase} follow {@code script}, from its first reply. */
    ScriptedProvider inPhase(String phase, List<Reply> script) {
        scripts.put(phase, new Script(script));
        return this;
    }

    /** The base URL an app or the agent's config is given, version path included. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Every request received, whatever its phase. */
    long requests() {
        return scripts.values().stream().mapToLong(script -> script.arrivals().get()).sum();
    }

    long requests(String phase) {
        Script script = scripts.get(phase);
        return script == null ? 0 : script.arrivals().get();
    }

    /** How many requests of {@code phase} were answered with {@code status}. */
    long answered(String phase, int status) {
        AtomicLong count = scripts.get(phase).byStatus().get(status);
        return count == null ? 0 : count.get();
    }

    /** The {@code x-stainless-retry-count} of each request that carried one: an SDK's own retry is 1 or more. */
    List<String> sdkRetryCounts() {
        return new ArrayList<>(sdkRetryCounts);
    }

    @Override
    public void close() {
        server.stop(0);
        handlers.shutdownNow();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            body.transferTo(OutputStream.nullOutputStream());
            String retryCount = exchange.getRequestHeaders().getFirst("x-stainless-retry-count");
            if (retryCount != null) {
                sdkRetryCounts.add(retryCount);
            }
            String phase = exchange.getRequestHeaders().getFirst(PHASE_HEADER);
            Reply reply = scripts.getOrDefault(phase == null ? MAIN_PHASE : phase, scripts.get(MAIN_PHASE)).next();
            hold(reply.delay());
            send(exchange, reply);
        }
    }

    private void send(HttpExchange exchange, Reply reply) throws IOException {
        byte[] bytes = bodyOf(reply).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        if (reply.retryAfter() != null) {
            exchange.getResponseHeaders().set("Retry-After", reply.retryAfter());
        }
        exchange.sendResponseHeaders(reply.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String bodyOf(Reply reply) {
        return switch (reply.status()) {
            case 200 -> okBody;
            case 429 -> RATE_LIMITED_BODY;
            default -> OVERLOADED_BODY;
        };
    }

    private static void hold(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            TimeUnit.MILLISECONDS.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
