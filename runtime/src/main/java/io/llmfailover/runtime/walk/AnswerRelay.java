package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RelayedResponse;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelChunks;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.provider.Protocol;
import java.io.InputStream;

/**
 * A planned attempt's response as the app gets it: in the app's protocol and content type, saying
 * which provider and model answered. One instance per call.
 */
final class AnswerRelay {

    private final RecognizedCall call;

    AnswerRelay(RecognizedCall call) {
        this.call = call;
    }

    /** A success from an attempt that is not the app's own request. @param body the body to relay, read from or not */
    LlmResponse relayed(Attempt attempt, LlmResponse response, InputStream body) {
        HttpHeaders.Builder headers = answeredBy(attempt, response.headers());
        if (!attempt.bridge().passesBodiesThrough()) {
            headers.set("content-type", answerType());
            if (call.source().stream() && call.caller() == Protocol.BEDROCK_ANTHROPIC) {
                headers.set(InvokeModelChunks.CHUNK_TYPE_HEADER, "application/json");
            }
            body = attempt.bridge().response(body, call.source(), attempt.target());
        }
        return new RelayedResponse(response, headers.build(), body);
    }

    /** An error from an attempt that is not the app's own request, in the app's protocol. */
    BufferedResponse translatedError(Attempt attempt, BufferedResponse error) {
        HttpHeaders.Builder headers = answeredBy(attempt, error.headers());
        if (attempt.bridge().passesBodiesThrough()) {
            return new BufferedResponse(error.status(), headers.build(), error.bytes());
        }
        headers.set("content-type", "application/json");
        int status = ErrorBodies.statusFor(call.caller(), error.status());
        return new BufferedResponse(status, headers.build(), attempt.bridge().error(error.status(), error.bytes()));
    }

    /** The upstream's headers, saying who answered, without those that describe another body. */
    static HttpHeaders.Builder answeredBy(Attempt attempt, HttpHeaders upstream) {
        HttpHeaders.Builder headers = upstream.toBuilder()
                .set(FailoverHeaders.PROVIDER, attempt.provider().name())
                .set(FailoverHeaders.MODEL, String.valueOf(attempt.target().model()));
        if (!attempt.bridge().passesBodiesThrough()) {
            headers.remove("content-length").remove("content-encoding");
        }
        return headers;
    }

    /** The media type of a translated answer: the one the app's own provider would have sent. */
    private String answerType() {
        if (call.source().stream() && call.caller().onBedrock()) {
            return EventStreamMessage.MEDIA_TYPE;
        }
        return callerExpectsSse(call.source()) ? "text/event-stream" : "application/json";
    }

    /** What the app's own provider would have sent: SSE for streams, except Gemini streams without {@code alt=sse}. */
    static boolean callerExpectsSse(SourceRequest source) {
        if (!source.stream()) {
            return false;
        }
        return source.operation() != Operation.GENERATE_CONTENT
                || (source.query() != null && source.query().contains("alt=sse"));
    }
}
