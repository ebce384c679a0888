package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;

/**
 * What a provider of the fault matrix does with a generation call, in its {@link ChatWire}:
 * answer (blocking or streaming, as the request asks), fail in the ways real providers fail, or
 * misbehave at the transport level.
 */
final class ProviderBehaviours {

    /** Between two SSE events of an answer, so a streaming client sees them arrive apart. */
    private static final Duration EVENT_SPACING = Duration.ofMillis(20);

    private ProviderBehaviours() {}

    /** The content deltas a provider called {@code name} streams; joined, what a blocking call reads. */
    static List<String> chunks(String name) {
        return List.of("Hello", " from", " " + name);
    }

    static String content(String name) {
        return String.join("", chunks(name));
    }

    /** A well-behaved provider: JSON with a Content-Length, or an SSE stream in chunks ending in {@code [DONE]}. */
    static Behaviour answering(ChatWire wire, String name) {
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire, "Cache-Control", "no-cache");
                for (String event : wire.events(name, chunks(name))) {
                    exchange.chunk(wire.frame(event));
                    FaultExchange.pause(EVENT_SPACING);
                }
                exchange.endChunks();
            } else {
                exchange.respond(200, "application/json", wire.completion(name, content(name)));
            }
        };
    }

    /** An error response with this JSON body and the given extra headers. */
    static Behaviour failing(int status, String body, String... headerPairs) {
        return exchange -> exchange.respond(status, "application/json", body, headerPairs);
    }

    /** An error response in {@code wire}'s shape: its error body, and the headers naming the error where it has them (Bedrock). */
    static Behaviour failing(ChatWire wire, int status, String type, String message, String... headerPairs) {
        return failing(status, wire.errorBody(status, type, message), both(headerPairs, wire.errorHeaders(status, type)));
    }

    /**
     * A throttle without Retry-After: a 429; or, to a Bedrock stream, the other way Bedrock throttles
     * one, a 200 whose first event is a {@code throttlingException}.
     */
    static Behaviour throttled(ChatWire wire, String message) {
        Behaviour rateLimited = failing(wire, 429, "rate_limit_error", message);
        return exchange -> {
            if (exchange.streaming() && wire.awsSigned()) {
                streamHead(exchange, wire);
                exchange.chunk(BedrockStub.exception("throttlingException", message));
                exchange.endChunks();
            } else {
                rateLimited.answer(exchange);
            }
        };
    }

    /** Reads the request, then resets the connection before a byte of the head. */
    static Behaviour resettingBeforeTheHead() {
        return FaultExchange::reset;
    }

    /** Reads the request and never answers. */
    static Behaviour hanging() {
        return FaultExchange::awaitClientGone;
    }

    /**
     * Slow to its first byte: a blocking call's head, or a stream's first event (after an immediate
     * head), comes only after {@code delay}; then a normal answer.
     */
    static Behaviour slowToFirstByte(ChatWire wire, String name, Duration delay) {
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire);
                FaultExchange.pause(delay);
                for (String event : wire.events(name, chunks(name))) {
                    exchange.chunk(wire.frame(event));
                }
                exchange.endChunks();
            } else {
                FaultExchange.pause(delay);
                answering(wire, name).answer(exchange);
            }
        };
    }

    /** As {@link #slowToFirstByte} for its first {@code slowCalls} calls; every later one is answered at once. */
    static Behaviour slowToFirstByteAtFirst(ChatWire wire, String name, Duration delay, int slowCalls) {
        AtomicInteger calls = new AtomicInteger();
        Behaviour slow = slowToFirstByte(wire, name, delay);
        Behaviour answering = answering(wire, name);
        return exchange -> (calls.incrementAndGet() <= slowCalls ? slow : answering).answer(exchange);
    }

    /**
     * A stream of SSE comments and nothing else, until the client leaves. A blocking call gets what
     * OpenRouter-style gateways send: whitespace while the model works, then the JSON answer after
     * {@code blockingAnswerAfter}.
     */
    static Behaviour keepAlivesOnly(ChatWire wire, String name, Duration blockingAnswerAfter) {
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire);
                for (int i = 0; i < 300; i++) {
                    if (wire.keepAlive() != null) {
                        exchange.chunk(wire.keepAlive());
                    }
                    FaultExchange.pause(Duration.ofMillis(200));
                }
                exchange.endChunks();
            } else {
                exchange.chunkedHead(200, "application/json");
                for (long waited = 0; waited < blockingAnswerAfter.toMillis(); waited += 200) {
                    exchange.chunk("\n");
                    FaultExchange.pause(Duration.ofMillis(200));
                }
                exchange.chunk(wire.completion(name, content(name)));
                exchange.endChunks();
            }
        };
    }

    /**
     * Sends the head and the first part of the answer, then resets the connection: the first two
     * deltas of a stream, or half the JSON of a blocking answer (whose Content-Length promised more).
     */
    static Behaviour resettingMidBody(ChatWire wire, String name) {
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire);
                for (String event : wire.eventsThrough(name, chunks(name), 2)) {
                    exchange.chunk(wire.frame(event));
                }
                FaultExchange.pause(Duration.ofMillis(300));
            } else {
                byte[] whole = wire.completion(name, content(name)).getBytes(StandardCharsets.UTF_8);
                exchange.raw("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + whole.length
                        + "\r\n\r\n" + new String(whole, 0, whole.length / 2, StandardCharsets.UTF_8));
                FaultExchange.pause(Duration.ofMillis(300));
            }
            exchange.reset();
        };
    }

    /**
     * A complete HTTP message whose content stops short: a stream whose last deltas, finish and
     * {@code [DONE]} never come (the body ends cleanly), or a JSON answer cut in half.
     */
    static Behaviour truncated(ChatWire wire, String name) {
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire);
                for (String event : wire.eventsThrough(name, chunks(name), 2)) {
                    exchange.chunk(wire.frame(event));
                }
                exchange.endChunks();
            } else {
                String whole = wire.completion(name, content(name));
                exchange.respond(200, "application/json", whole.substring(0, whole.length() / 2));
            }
        };
    }

    /** A 200 whose body is not JSON at all, in the content type the client expects. */
    static Behaviour malformedSuccess() {
        return exchange -> {
            if (exchange.streaming()) {
                exchange.chunkedHead(200, "text/event-stream");
                exchange.chunk("data: {\"id\": \"chatcmpl-broken\", \"choices\": [{\"delta\": {\"content\": \"Hel\n\n");
                exchange.chunk("data: not json at all\n\n");
                exchange.chunk("data: [DONE]\n\n");
                exchange.endChunks();
            } else {
                exchange.respond(200, "application/json", "{\"id\": \"chatcmpl-broken\", \"choices\": [{\"message\": <<<");
            }
        };
    }

    /** A 200 HTML page, as a captive portal or a misrouted proxy sends it. */
    static Behaviour htmlPage() {
        return exchange -> exchange.respond(200, "text/html; charset=utf-8",
                "<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>");
    }

    /** A normal answer in many small chunks: the framing split across SSE events and JSON tokens. */
    static Behaviour answeringInTinyChunks(ChatWire wire, String name) {
        return exchange -> {
            byte[] bytes = exchange.streaming() ? wire.stream(wire.events(name, chunks(name)))
                    : wire.completion(name, content(name)).getBytes(StandardCharsets.UTF_8);
            if (exchange.streaming()) {
                streamHead(exchange, wire);
            } else {
                exchange.chunkedHead(200, "application/json");
            }
            for (int start = 0; start < bytes.length; start += 7) {
                byte[] piece = new byte[Math.min(7, bytes.length - start)];
                System.arraycopy(bytes, start, piece, 0, piece.length);
                exchange.chunk(piece);
            }
            exchange.endChunks();
        };
    }

    /** A normal answer, gzip-encoded and chunked when the client accepts gzip (plain otherwise, as real servers do). */
    static Behaviour answeringGzipped(ChatWire wire, String name) {
        return exchange -> {
            if (!exchange.acceptsGzip()) {
                answeringInTinyChunks(wire, name).answer(exchange);
                return;
            }
            byte[] body = exchange.streaming() ? wire.stream(wire.events(name, chunks(name)))
                    : wire.completion(name, content(name)).getBytes(StandardCharsets.UTF_8);
            if (exchange.streaming()) {
                streamHead(exchange, wire, "Content-Encoding", "gzip");
            } else {
                exchange.chunkedHead(200, "application/json", "Content-Encoding", "gzip");
            }
            exchange.chunk(gzip(body));
            exchange.endChunks();
        };
    }

    /** A redirect with {@code status} to another path on this server, whose requests the test counts. */
    static Behaviour redirectingTo(int status, String location) {
        return exchange -> exchange.respond(status, "application/json", "{}", "Location", location);
    }

    /**
     * An answer whose content is {@code size} characters: one JSON string, or a stream of 64 KB
     * deltas. Its content is {@link #hugeContent(int)}. Built before the app calls, so that the
     * fault is the answer's size and never the time the stub takes to make it (on a busy machine,
     * longer than the agent's deadline for a head).
     */
    static Behaviour answeringHuge(ChatWire wire, String name, int size) {
        String content = hugeContent(size);
        byte[] whole = wire.completion(name, content).getBytes(StandardCharsets.UTF_8);
        List<String> deltas = new ArrayList<>();
        for (int start = 0; start < size; start += 64 * 1024) {
            deltas.add(content.substring(start, Math.min(size, start + 64 * 1024)));
        }
        List<byte[]> frames = wire.events(name, deltas).stream().map(wire::frame).toList();
        return exchange -> {
            if (exchange.streaming()) {
                streamHead(exchange, wire);
                for (byte[] frame : frames) {
                    exchange.chunk(frame);
                }
                exchange.endChunks();
            } else {
                exchange.respond(200, "application/json", whole);
            }
        };
    }

    /** Digits and letters in a fixed cycle: any lost, doubled or reordered piece changes it. */
    static String hugeContent(int size) {
        String cycle = "0123456789abcdefghijklmnopqrstuvwxyz";
        return cycle.repeat(size / cycle.length() + 1).substring(0, size);
    }

    /** A streamed answer's head in {@code wire}: its content type and the headers its clients look for. */
    private static void streamHead(FaultExchange exchange, ChatWire wire, String... headerPairs) throws IOException {
        exchange.chunkedHead(200, wire.streamContentType(), both(headerPairs, wire.streamHeaders()));
    }

    private static String[] both(String[] headerPairs, String[] more) {
        String[] headers = Arrays.copyOf(headerPairs, headerPairs.length + more.length);
        System.arraycopy(more, 0, headers, headerPairs.length, more.length);
        return headers;
    }

    private static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream zip = new GZIPOutputStream(bytes)) {
            zip.write(plain);
        }
        return bytes.toByteArray();
    }
}
