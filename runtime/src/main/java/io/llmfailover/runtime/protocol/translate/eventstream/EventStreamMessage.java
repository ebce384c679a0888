package io.llmfailover.runtime.protocol.translate.eventstream;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One event-stream message: typed headers and a payload. A header's value is a {@link Boolean},
 * {@link Byte}, {@link Short}, {@link Integer}, {@link Long}, {@code byte[]}, {@link String},
 * {@link java.time.Instant} (a timestamp) or {@link java.util.UUID}, as its wire type says.
 */
public record EventStreamMessage(Map<String, Object> headers, byte[] payload) {

    /** The media type of a body framed as an event stream. */
    public static final String MEDIA_TYPE = "application/vnd.amazon.eventstream";
    public static final String MESSAGE_TYPE = ":message-type";
    public static final String EVENT_TYPE = ":event-type";
    public static final String EXCEPTION_TYPE = ":exception-type";
    public static final String CONTENT_TYPE = ":content-type";
    public static final String ERROR_CODE = ":error-code";
    public static final String ERROR_MESSAGE = ":error-message";

    public EventStreamMessage {
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** An {@code event} message of {@code eventType} with a JSON payload, as Bedrock sends them. */
    public static EventStreamMessage event(String eventType, byte[] json) {
        return new EventStreamMessage(Map.of(MESSAGE_TYPE, "event", EVENT_TYPE, eventType,
                CONTENT_TYPE, "application/json"), json);
    }

    /** An {@code event} message of {@code eventType} with this JSON. */
    public static EventStreamMessage event(String eventType, String json) {
        return event(eventType, json.getBytes(StandardCharsets.UTF_8));
    }

    /** An {@code exception} message of {@code exceptionType} with this JSON. */
    public static EventStreamMessage exception(String exceptionType, String json) {
        return exception(exceptionType, json.getBytes(StandardCharsets.UTF_8));
    }

    /** An {@code exception} message of {@code exceptionType} (e.g. {@code throttlingException}) with a JSON payload. */
    public static EventStreamMessage exception(String exceptionType, byte[] json) {
        return new EventStreamMessage(Map.of(MESSAGE_TYPE, "exception", EXCEPTION_TYPE, exceptionType,
                CONTENT_TYPE, "application/json"), json);
    }

    /** The header's value when it is a string, else null. */
    public String text(String name) {
        return headers.get(name) instanceof String value ? value : null;
    }

    @Override
    public String toString() {
        // Never the payload: it carries completions.
        return "EventStreamMessage[" + text(MESSAGE_TYPE) + " " + (text(EVENT_TYPE) != null ? text(EVENT_TYPE)
                : text(EXCEPTION_TYPE)) + ", " + payload.length + " bytes]";
    }
}
