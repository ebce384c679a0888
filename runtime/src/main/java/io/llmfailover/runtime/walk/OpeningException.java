package io.llmfailover.runtime.walk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.bedrock.BedrockExceptions;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * A stream that opened with status 200 and an error as its first event (Bedrock's exception
 * message when it throttles, Anthropic's {@code event: error} when it is overloaded): nothing of it
 * reached the app yet, so it is judged as the error answer it amounts to, with the status of the
 * error's family.
 */
final class OpeningException {

    /** Anthropic reports overload as 529, which the throttle and {@code failover.on} know it by. */
    private static final int ANTHROPIC_OVERLOADED = 529;

    private OpeningException() {}

    /** The error answer a stream's opening bytes amount to, or null when it opens with content. */
    static BufferedResponse of(Protocol target, LlmResponse response, byte[] opening) {
        if (opening == null) {
            return null;
        }
        return switch (target) {
            case BEDROCK, BEDROCK_ANTHROPIC -> bedrock(response, opening);
            case ANTHROPIC -> anthropic(response, opening);
            default -> null;
        };
    }

    private static BufferedResponse bedrock(LlmResponse response, byte[] opening) {
        byte[] body = BedrockExceptions.openingException(opening);
        if (body == null) {
            return null;
        }
        ErrorKind kind = BedrockExceptions.kindOf(BedrockExceptions.nameIn(body));
        return new BufferedResponse(kind == null ? ErrorKind.SERVER.status() : kind.status(), asErrorBody(response), body);
    }

    private static BufferedResponse anthropic(LlmResponse response, byte[] opening) {
        SseEvent first;
        try {
            first = new SseReader(new ByteArrayInputStream(opening)).next();
        } catch (IOException unreadable) {
            return null;
        }
        ObjectNode data = first == null ? null : Json.parseObjectOrNull(first.data());
        if (data == null || !("error".equals(first.event()) || "error".equals(Json.text(data, "type")))) {
            return null;
        }
        ErrorKind kind = ErrorKind.fromName(Json.text(data.path("error"), "type"));
        int status = kind == ErrorKind.OVERLOADED ? ANTHROPIC_OVERLOADED : kind.status();
        return new BufferedResponse(status, asErrorBody(response), Json.bytes(data));
    }

    /** The stream's headers, describing the JSON error body instead: it may reach the app if no step answers. */
    private static HttpHeaders asErrorBody(LlmResponse response) {
        return response.headers().toBuilder().remove("content-length").remove("content-encoding")
                .set("content-type", "application/json").build();
    }
}
