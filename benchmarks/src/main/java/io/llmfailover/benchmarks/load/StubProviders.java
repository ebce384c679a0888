package io.llmfailover.benchmarks.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Loopback LLM providers answering at once (or in a fixed time), on their own ports: {@code happy}
 * and {@code backup} speak OpenAI (JSON and SSE), {@code claude} speaks Anthropic, {@code flaky} and
 * {@code down} answer 503 at once, with no Retry-After. The primaries note when they send a 503 head
 * and the fallbacks when a request arrives, per call id ({@link ChatClient#CALL_HEADER}, which the
 * agent forwards to a fallback): that is how the failover decision time is measured on one clock.
 */
final class StubProviders implements AutoCloseable {

    enum Name { HAPPY, BACKUP, CLAUDE, FLAKY, DOWN }

    private static final String COMPLETION = "{\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion\","
            + "\"created\":1767225600,\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
            + "\"content\":\"Paris.\"},\"finish_reason\":\"stop\"}],"
            + "\"usage\":{\"prompt_tokens\":25,\"completion_tokens\":2,\"total_tokens\":27}}";
    private static final String UNAVAILABLE = "{\"error\":{\"message\":\"The server is overloaded.\","
            + "\"type\":\"server_error\",\"code\":null}}";
    private static final int STREAMED_TOKENS = 10;

    private final long delayMillis;
    private final ExecutorService handlers;
    private final List<HttpServer> servers = new ArrayList<>();
    private final Map<Name, Integer> ports = new ConcurrentHashMap<>();
    private final Map<String, Long> failureHeadSent = new ConcurrentHashMap<>();
    private final Map<String, Long> fallbackRequestArrived = new ConcurrentHashMap<>();

    /** @param delayMillis how long a successful answer takes (0: at once); a 503 is immediate */
    StubProviders(long delayMillis) throws IOException {
        this.delayMillis = delayMillis;
        // Small writes (head, then body) must not wait for a delayed ACK.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        this.handlers = Executors.newFixedThreadPool(256, runnable -> {
            Thread thread = new Thread(runnable, "stub-handler");
            thread.setDaemon(true);
            return thread;
        });
        for (Name name : Name.values()) {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
            server.createContext("/", exchange -> handle(name, exchange));
            server.setExecutor(handlers);
            server.start();
            servers.add(server);
            ports.put(name, server.getAddress().getPort());
        }
    }

    /** The provider's base URL, with its API version path. */
    String baseUrl(Name name) {
        return "http://127.0.0.1:" + ports.get(name) + "/v1";
    }

    /** Where an OpenAI-compatible app sends a chat call to the provider. */
    String chatUrl(Name name) {
        return baseUrl(name) + "/chat/completions";
    }

    /**
     * For each measured call whose id starts with the prefix, that got a 503 and then reached a
     * fallback: the nanoseconds from the 503's head leaving the primary to the fallback's request arriving.
     */
    long[] decisionNanos(String prefix) {
        SampleLog log = new SampleLog();
        failureHeadSent.forEach((call, headSent) -> {
            Long arrived = fallbackRequestArrived.get(call);
            if (call.startsWith(prefix) && arrived != null) {
                log.add(arrived - headSent);
            }
        });
        return log.toArray();
    }

    private void handle(Name name, HttpExchange exchange) throws IOException {
        long arrived = System.nanoTime();
        try (exchange) {
            String call = exchange.getRequestHeaders().getFirst(ChatClient.CALL_HEADER);
            boolean measured = call != null && call.contains("-m-");
            if (measured && (name == Name.BACKUP || name == Name.CLAUDE)) {
                fallbackRequestArrived.put(call, arrived);
            }
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            boolean stream = body.contains("\"stream\":true");
            switch (name) {
                case FLAKY, DOWN -> unavailable(exchange, measured ? call : null);
                case HAPPY, BACKUP -> {
                    pause();
                    if (stream) {
                        openAiStream(exchange);
                    } else {
                        json(exchange, COMPLETION);
                    }
                }
                case CLAUDE -> {
                    pause();
                    anthropicStream(exchange);
                }
            }
        }
    }

    private void unavailable(HttpExchange exchange, String measuredCall) throws IOException {
        byte[] bytes = UNAVAILABLE.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("content-type", "application/json");
        if (measuredCall != null) {
            failureHeadSent.put(measuredCall, System.nanoTime());
        }
        exchange.sendResponseHeaders(503, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void json(HttpExchange exchange, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        rateLimitHeaders(exchange);
        exchange.getResponseHeaders().set("content-type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** What OpenAI sends on every answer; the agent's throttle reads them on each success. */
    private static void rateLimitHeaders(HttpExchange exchange) {
        exchange.getResponseHeaders().set("x-ratelimit-limit-requests", "10000");
        exchange.getResponseHeaders().set("x-ratelimit-remaining-requests", "9999");
        exchange.getResponseHeaders().set("x-ratelimit-reset-requests", "6ms");
        exchange.getResponseHeaders().set("x-ratelimit-limit-tokens", "30000000");
        exchange.getResponseHeaders().set("x-ratelimit-remaining-tokens", "29999950");
        exchange.getResponseHeaders().set("x-ratelimit-reset-tokens", "0s");
    }

    private static void openAiStream(HttpExchange exchange) throws IOException {
        rateLimitHeaders(exchange);
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write(openAiChunk("{\"role\":\"assistant\",\"content\":\"Token0 \"}", null));
        out.flush();
        for (int i = 1; i < STREAMED_TOKENS; i++) {
            out.write(openAiChunk("{\"content\":\"Token" + i + " \"}", null));
        }
        out.write(openAiChunk("{}", "\"stop\""));
        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] openAiChunk(String delta, String finishReason) {
        return ("data: {\"id\":\"chatcmpl-bench\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,"
                + "\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":"
                + finishReason + "}]}\n\n").getBytes(StandardCharsets.UTF_8);
    }

    private static void anthropicStream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("content-type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        out.write(sse("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\",\"type\":\"message\","
                + "\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[],\"stop_reason\":null,"
                + "\"stop_sequence\":null,\"usage\":{\"input_tokens\":25,\"output_tokens\":1}}}"));
        out.write(sse("content_block_start",
                "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"));
        out.write(anthropicDelta(0));
        out.flush();
        for (int i = 1; i < STREAMED_TOKENS; i++) {
            out.write(anthropicDelta(i));
        }
        out.write(sse("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"));
        out.write(sse("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\","
                + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":" + STREAMED_TOKENS + "}}"));
        out.write(sse("message_stop", "{\"type\":\"message_stop\"}"));
    }

    private static byte[] anthropicDelta(int token) {
        return sse("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,"
                + "\"delta\":{\"type\":\"text_delta\",\"text\":\"Token" + token + " \"}}");
    }

    private static byte[] sse(String event, String data) {
        return ("event: " + event + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8);
    }

    private void pause() {
        if (delayMillis <= 0) {
            return;
        }
        try {
            Thread.sleep(delayMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        servers.forEach(server -> server.stop(0));
        handlers.shutdownNow();
        try {
            handlers.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
