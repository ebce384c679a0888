package io.llmfailover.samples.stubs;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two stand-in providers on loopback, shared by every sample: {@code primary} fails on purpose and
 * {@code backup}, OpenAI-compatible, answers, streaming included. The primary speaks the protocol
 * the sample's SDK speaks: {@code openai} (a 429 with {@code Retry-After: 1} first, then 503s) or
 * {@code anthropic} ({@code 529 overloaded_error} to every call, so the agent fails over across
 * protocols). Each request is logged with its model and whose credential it carried, never the key.
 *
 * <p>Args: {@code <openai|anthropic> [primary port] [backup port]}, ports 18081 and 18082 by default.
 * Prints READY when both listen.
 */
public final class StubProviders {

    /** Environment variables holding the app's key in the samples, by SDK. */
    private static final List<String> APP_KEY_VARIABLES = List.of("OPENAI_API_KEY", "ANTHROPIC_API_KEY");

    private static final Pattern MODEL = Pattern.compile("\"model\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern STREAM = Pattern.compile("\"stream\"\\s*:\\s*true");

    private final AtomicInteger primaryCalls = new AtomicInteger();

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || !List.of("openai", "anthropic").contains(args[0])) {
            throw new IllegalArgumentException("usage: StubProviders <openai|anthropic> [primary port] [backup port]");
        }
        boolean anthropicPrimary = args[0].equals("anthropic");
        int primaryPort = args.length > 1 ? Integer.parseInt(args[1]) : 18081;
        int backupPort = args.length > 2 ? Integer.parseInt(args[2]) : 18082;
        StubProviders stubs = new StubProviders();
        if (anthropicPrimary) {
            start(primaryPort, "/v1/messages", StubProviders::overloadedAnthropic);
        } else {
            start(primaryPort, "/v1/chat/completions", stubs::primary);
        }
        start(backupPort, "/v1/chat/completions", stubs::backup);
        log("READY primary=http://127.0.0.1:" + primaryPort + "/v1 (" + args[0] + ") backup=http://127.0.0.1:"
                + backupPort + "/v1 (openai)");
    }

    private static void start(int port, String path, HttpHandler handler) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext(path, handler);
        server.start();
    }

    /** Anthropic's answer when it has no capacity: 529 with an {@code overloaded_error}. */
    private static void overloadedAnthropic(HttpExchange exchange) throws IOException {
        String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        logRequest("primary", exchange, request, "529 overloaded");
        send(exchange, 529, "application/json", "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\","
                + "\"message\":\"Overloaded (on purpose).\"},\"request_id\":\"req_sample\"}");
    }

    private void primary(HttpExchange exchange) throws IOException {
        String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (primaryCalls.incrementAndGet() == 1) {
            exchange.getResponseHeaders().add("Retry-After", "1");
            logRequest("primary", exchange, request, "429 rate limited, Retry-After: 1");
            send(exchange, 429, "application/json", error("Rate limit reached (on purpose).", "requests", "rate_limit_exceeded"));
        } else {
            logRequest("primary", exchange, request, "503 overloaded");
            send(exchange, 503, "application/json", error("Overloaded (on purpose).", "server_error", null));
        }
    }

    private void backup(HttpExchange exchange) throws IOException {
        String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String model = field(MODEL, request);
        if (STREAM.matcher(request).find()) {
            logRequest("backup", exchange, request, "200 streamed");
            stream(exchange, model, List.of("Hello", " from", " the", " backup", "!"));
        } else {
            logRequest("backup", exchange, request, "200");
            send(exchange, 200, "application/json", completion(model, "An answer from the backup."));
        }
    }

    private static void stream(HttpExchange exchange, String model, List<String> pieces) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        try (OutputStream out = exchange.getResponseBody()) {
            for (String piece : pieces) {
                event(out, chunk(model, "{\"content\":\"" + piece + "\"}", null));
                pause();
            }
            event(out, chunk(model, "{}", "\"stop\""));
            event(out, "[DONE]");
        }
    }

    private static void event(OutputStream out, String data) throws IOException {
        out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static void pause() {
        try {
            Thread.sleep(100);  // so the stream is visibly a stream
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String completion(String model, String content) {
        return "{\"id\":\"chatcmpl-sample\",\"object\":\"chat.completion\",\"created\":1767225600,\"model\":\"" + model
                + "\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"" + content
                + "\",\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":8,\"completion_tokens\":6,\"total_tokens\":14}}";
    }

    private static String chunk(String model, String delta, String finishReason) {
        return "{\"id\":\"chatcmpl-sample\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,\"model\":\""
                + model + "\",\"choices\":[{\"index\":0,\"delta\":" + delta + ",\"finish_reason\":" + finishReason + "}]}";
    }

    private static String error(String message, String type, String code) {
        return "{\"error\":{\"message\":\"" + message + "\",\"type\":\"" + type + "\",\"param\":null,\"code\":"
                + (code == null ? "null" : "\"" + code + "\"") + "}}";
    }

    private static void logRequest(String provider, HttpExchange exchange, String request, String outcome) {
        log(String.format("[%-7s] %s %s model=%s credential=%s -> %s", provider, exchange.getRequestMethod(),
                exchange.getRequestURI().getPath(), field(MODEL, request), whoseCredential(exchange), outcome));
    }

    /** Names whose key a request carried, by comparing with the sample's known keys; never prints a key. */
    private static String whoseCredential(HttpExchange exchange) {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        String key = authorization != null
                ? authorization.replaceFirst("^Bearer ", "")
                : exchange.getRequestHeaders().getFirst("x-api-key");
        if (key == null) {
            return "none";
        }
        if (APP_KEY_VARIABLES.stream().map(System::getenv).anyMatch(key::equals)) {
            return "the-app's-key";
        }
        if (key.equals(System.getenv("BACKUP_API_KEY"))) {
            return "the-backup's-own-key";
        }
        return "another-key";
    }

    private static String field(Pattern pattern, String json) {
        Matcher matcher = pattern.matcher(json);
        return matcher.find() ? matcher.group(1) : "-";
    }

    private static void log(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
