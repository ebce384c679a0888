package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamReader;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A Converse stream's messages as named events: an event by its {@code :event-type}, an exception
 * (or an {@code error} message) as {@link #EXCEPTION} with the body an error answer would have had,
 * {@code {"__type": …, "message": …}}.
 */
final class BedrockEvents {

    static final String EXCEPTION = "exception";

    private BedrockEvents() {}

    static StreamDecoder.Events of(InputStream body) {
        EventStreamReader reader = new EventStreamReader(body);
        return () -> {
            EventStreamMessage message = reader.next();
            return message == null ? null : named(message);
        };
    }

    static SseEvent named(EventStreamMessage message) {
        String exception = exceptionName(message);
        if (exception != null) {
            return new SseEvent(EXCEPTION, Json.write(Json.object().put("__type", exception).put("message", message(message))));
        }
        String type = message.text(EventStreamMessage.EVENT_TYPE);
        return new SseEvent(type == null ? "" : type, new String(message.payload(), StandardCharsets.UTF_8));
    }

    /** The exception a message reports, or null for an event. */
    static String exceptionName(EventStreamMessage message) {
        String messageType = message.text(EventStreamMessage.MESSAGE_TYPE);
        if ("exception".equals(messageType)) {
            String type = message.text(EventStreamMessage.EXCEPTION_TYPE);
            return type == null ? "InternalServerException" : type;
        }
        if ("error".equals(messageType)) {
            String code = message.text(EventStreamMessage.ERROR_CODE);
            return code == null ? "InternalServerException" : code;
        }
        return null;
    }

    /** An exception's message: its payload's {@code message}, or an {@code error} message's header. */
    static String message(EventStreamMessage message) {
        String header = message.text(EventStreamMessage.ERROR_MESSAGE);
        if (header != null) {
            return header;
        }
        String text = Json.text(Json.parseObjectOrNull(new String(message.payload(), StandardCharsets.UTF_8)), "message");
        return text != null ? text : "the provider's stream reported " + exceptionName(message);
    }
}
