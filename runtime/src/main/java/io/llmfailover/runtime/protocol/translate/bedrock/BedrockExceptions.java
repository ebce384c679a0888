package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.JsonMembers;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamDecoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.MalformedEventStreamException;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import java.util.Locale;

/**
 * Bedrock's exception names ({@code x-amzn-ErrorType}, a body's {@code __type}, a stream's
 * {@code :exception-type}) and the error family each belongs to: Bedrock tells a throttle from a
 * validation error by name, and sends some throttles (a service quota) with status 400.
 */
public final class BedrockExceptions {

    public static final String ERROR_TYPE_HEADER = "x-amzn-errortype";

    private BedrockExceptions() {}

    /** The family of a Bedrock exception name, in any case; null for a name Bedrock does not use. */
    public static ErrorKind kindOf(String name) {
        if (name == null) {
            return null;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "throttlingexception", "servicequotaexceededexception", "modelnotreadyexception" -> ErrorKind.RATE_LIMIT;
            case "serviceunavailableexception" -> ErrorKind.OVERLOADED;
            case "internalserverexception", "modelerrorexception", "modelstreamerrorexception" -> ErrorKind.SERVER;
            case "modeltimeoutexception" -> ErrorKind.TIMEOUT;
            case "validationexception" -> ErrorKind.INVALID_REQUEST;
            case "accessdeniedexception", "unrecognizedclientexception" -> ErrorKind.PERMISSION;
            case "resourcenotfoundexception" -> ErrorKind.NOT_FOUND;
            default -> null;
        };
    }

    /**
     * The exception a response head names in {@code x-amzn-ErrorType}, or null. The header may add
     * a documentation link after a colon ({@code ThrottlingException:http://…}), which is dropped.
     */
    public static String nameIn(HttpHeaders headers) {
        return headers.first(ERROR_TYPE_HEADER).map(BedrockExceptions::bareName).orElse(null);
    }

    /**
     * The exception an error body names in {@code __type}, or null; its namespace ({@code …#Name}) is
     * dropped. Every error answer whose body is read comes here before the throttle hears of it, so
     * the body is stepped over without a parser: a JSON tree would load Jackson on a service's first
     * 429 (50 ms and more, cold) while its other calls still go out.
     */
    public static String nameIn(byte[] body) {
        if (body == null || body.length == 0 || body[0] != '{') {
            return null;
        }
        String name = null;
        JsonMembers members = JsonMembers.of(body);
        while (members.next()) {
            if (members.nameIs("__type")) {
                name = members.stringValue(); // the last one, as a parser's tree keeps it
            }
        }
        return bareName(name);
    }

    /**
     * The exception a streamed answer opens with, as an error body ({@code __type} and {@code
     * message}); null when its first message is an event, or is not whole within {@code opening}.
     */
    public static byte[] openingException(byte[] opening) {
        EventStreamDecoder decoder = new EventStreamDecoder(opening.length);
        decoder.feed(opening, 0, opening.length);
        try {
            EventStreamMessage first = decoder.next();
            String name = first == null ? null : BedrockEvents.exceptionName(first);
            if (name == null) {
                return null;
            }
            String message = BedrockEvents.message(first);
            return Json.bytes(Json.object().put("__type", name).put("message", message));
        } catch (MalformedEventStreamException notAnEventStream) {
            return null;
        }
    }

    private static String bareName(String value) {
        if (value == null) {
            return null;
        }
        String name = value.strip();
        int colon = name.indexOf(':');
        if (colon >= 0) {
            name = name.substring(0, colon);
        }
        int hash = name.lastIndexOf('#');
        return hash >= 0 ? name.substring(hash + 1) : name;
    }
}
