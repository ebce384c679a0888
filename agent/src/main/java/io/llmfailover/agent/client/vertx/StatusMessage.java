package io.llmfailover.agent.client.vertx;

import java.util.Map;

/** The reason phrase of a status the runtime made (a translated or relayed answer), for {@code statusMessage()}. */
final class StatusMessage {

    private static final Map<Integer, String> PHRASES = Map.ofEntries(
            Map.entry(200, "OK"), Map.entry(400, "Bad Request"), Map.entry(401, "Unauthorized"),
            Map.entry(403, "Forbidden"), Map.entry(404, "Not Found"), Map.entry(408, "Request Timeout"),
            Map.entry(413, "Payload Too Large"), Map.entry(429, "Too Many Requests"),
            Map.entry(500, "Internal Server Error"), Map.entry(502, "Bad Gateway"),
            Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Timeout"));

    private StatusMessage() {}

    static String of(int status) {
        return PHRASES.getOrDefault(status, "");
    }
}
