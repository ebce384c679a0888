package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.bedrock.BedrockExceptions;
import io.llmfailover.runtime.protocol.translate.model.ErrorKind;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/** Decides, from a response head (and a failed response's small body), what an attempt means. */
public final class ResponseClassifier {

    /** Never failed over, whatever {@code failover.on} says: retrying elsewhere cannot help. */
    private static final Set<Integer> CALLER_FAULTS = Set.of(400, 401, 403, 404, 413, 422);

    /**
     * To a request the agent rewrote for a fallback (its key, its model, its protocol), these say the
     * fallback's set-up is wrong (a revoked key, no such model, no credit), not that the app erred.
     */
    private static final Set<Integer> FALLBACK_REFUSALS = Set.of(401, 402, 403, 404);

    private final FailoverPolicy policy;

    public ResponseClassifier(FailoverPolicy policy) {
        this.policy = policy;
    }

    /**
     * The status an error answer means: Bedrock names its exception in {@code x-amzn-ErrorType} or
     * the body's {@code __type}, and sends some throttles (a service quota) as 400, so a name Bedrock
     * uses gives the status of its family; anything else keeps the status as sent.
     *
     * @param errorBody the error body when it was read, else empty
     */
    public int statusMeant(int status, HttpHeaders headers, byte[] errorBody) {
        if (status < 400) {
            return status;
        }
        String name = BedrockExceptions.nameIn(headers);
        ErrorKind kind = BedrockExceptions.kindOf(name != null ? name : BedrockExceptions.nameIn(errorBody));
        return kind == null ? status : kind.status();
    }

    /** @param errorBody the body of a non-2xx response, read into memory (may be empty) */
    public AttemptOutcome classify(int status, HttpHeaders headers, byte[] errorBody) {
        if (status < 400) {
            return AttemptOutcome.SUCCESS;
        }
        if (status == 429) {
            return mentionsExhaustedQuota(errorBody) ? AttemptOutcome.QUOTA_EXHAUSTED : AttemptOutcome.RATE_LIMITED;
        }
        if (status == 529) {
            return AttemptOutcome.OVERLOADED;
        }
        if (status >= 500 || status == 408) {
            // A 503 that names a wait is load shedding: the throttle honours it like a 429.
            return status == 503 && namesAWait(headers) ? AttemptOutcome.OVERLOADED : AttemptOutcome.SERVER_ERROR;
        }
        return mentionsContextOverflow(status, errorBody) ? AttemptOutcome.CONTEXT_OVERFLOW : AttemptOutcome.CALLER_ERROR;
    }

    /** Whether a response with this status may say the request overflowed the context window: its body is then read. */
    public boolean mayOverflowContext(int status) {
        return status == 400 || status == 413;
    }

    /**
     * For an attempt that is not the app's own request: the outcome when this status is the
     * fallback's own failure, whatever {@code failover.on} says, else null. A redirect is one: the
     * app's client would follow its {@code Location} to a host the app never addressed.
     */
    public AttemptOutcome fallbackFault(int status) {
        if (status >= 300 && status < 400) {
            return AttemptOutcome.REDIRECTED;
        }
        return FALLBACK_REFUSALS.contains(status) ? AttemptOutcome.FALLBACK_REFUSED : null;
    }

    /** Whether {@code failover.on} names this status at all: only then is the error body read. */
    public boolean mayFailOver(int status) {
        return !CALLER_FAULTS.contains(status) && policy.statuses().contains(status);
    }

    /** Whether a response with this status and outcome sends the call to the next provider. */
    public boolean failsOver(int status, AttemptOutcome outcome) {
        return switch (outcome) {
            case SUCCESS, CALLER_ERROR, CANCELLED, HEDGE_LOST, INTERNAL_FAILURE -> false;
            case REDIRECTED, FALLBACK_REFUSED, MALFORMED_ANSWER, CONTEXT_OVERFLOW -> true;
            case TIMEOUT -> policy.onTimeout();
            case CONNECT_FAILURE -> policy.onConnect();
            default -> mayFailOver(status);
        };
    }

    private static boolean mentionsExhaustedQuota(byte[] body) {
        if (body == null || body.length == 0) {
            return false;
        }
        String text = new String(body, StandardCharsets.UTF_8);
        // OpenAI: insufficient_quota; Gemini: a per-day QuotaFailure; OpenRouter/Anthropic credit wording.
        return text.contains("insufficient_quota") || text.contains("PerDay") || text.contains("credit_balance");
    }

    /** OpenAI's {@code context_length_exceeded}, Anthropic's "prompt is too long", Gemini's token count limit. */
    private static boolean mentionsContextOverflow(int status, byte[] body) {
        if (!(status == 400 || status == 413) || body == null || body.length == 0) {
            return false;
        }
        String text = new String(body, StandardCharsets.UTF_8).toLowerCase(java.util.Locale.ROOT);
        return text.contains("context_length_exceeded") || text.contains("prompt is too long")
                || text.contains("maximum context length") || text.contains("exceeds the maximum number of tokens");
    }

    private static boolean namesAWait(HttpHeaders headers) {
        return headers.contains("retry-after") || headers.contains("retry-after-ms");
    }
}
