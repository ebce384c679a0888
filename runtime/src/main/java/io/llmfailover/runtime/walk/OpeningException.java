package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.protocol.translate.bedrock.BedrockExceptions;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import io.llmfailover.runtime.provider.Protocol;

/**
 * A stream that opened with status 200 and an exception as its first event (Bedrock does this
 * when it throttles): nothing of it reached the app yet, so it is judged as the error answer it
 * amounts to, with the status of the exception's family.
 */
final class OpeningException {

    private OpeningException() {}

    /** The error answer a stream's opening bytes amount to, or null when it opens with content. */
    static BufferedResponse of(Protocol target, LlmResponse response, byte[] opening) {
        if (target != Protocol.BEDROCK || opening == null) {
            return null;
        }
        byte[] body = BedrockExceptions.openingException(opening);
        if (body == null) {
            return null;
        }
        ErrorKind kind = BedrockExceptions.kindOf(BedrockExceptions.nameIn(body));
        return new BufferedResponse(kind == null ? ErrorKind.SERVER.status() : kind.status(), response.headers(), body);
    }
}
