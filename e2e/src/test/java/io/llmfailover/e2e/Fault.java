package io.llmfailover.e2e;

import static io.llmfailover.e2e.ProviderBehaviours.answering;
import static io.llmfailover.e2e.ProviderBehaviours.errorBody;
import static io.llmfailover.e2e.ProviderBehaviours.failing;

import io.llmfailover.e2e.FaultServer.Behaviour;
import java.time.Duration;
import java.util.List;

/**
 * The columns of the fault matrix: what the app's own provider (the primary) and its fallback (the
 * backup) do, and what the app must then observe, blocking and streaming. Every fault but one hits
 * the primary; the fallback's own faults (a redirect, a 429) say so in their names.
 */
enum Fault {
    HEALTHY("healthy primary", answering(Roles.PRIMARY), Expected.answeredBy(Roles.PRIMARY, 1, 0)),
    RATE_LIMITED_RETRY_AFTER("429 + Retry-After",
            failing(429, errorBody("requests", "rate_limit_exceeded", Roles.PRIMARY_ERROR), "Retry-After", "20"),
            Expected.servedByBackup()),
    RATE_LIMITED("429, no Retry-After", failing(429, errorBody("requests", "rate_limit_exceeded", Roles.PRIMARY_ERROR)),
            Expected.servedByBackup()),
    QUOTA_EXHAUSTED("429 insufficient_quota",
            failing(429, errorBody("insufficient_quota", "insufficient_quota", Roles.PRIMARY_ERROR)),
            Expected.servedByBackup()),
    STATUS_500("500", serverError(500), Expected.servedByBackup()),
    STATUS_502("502", serverError(502), Expected.servedByBackup()),
    STATUS_503("503", serverError(503), Expected.servedByBackup()),
    STATUS_504("504", serverError(504), Expected.servedByBackup()),
    STATUS_529("529", failing(529, "{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\""
            + Roles.PRIMARY_ERROR + "\"}}"), Expected.servedByBackup()),
    CONNECTION_REFUSED("connection refused", null, Expected.answeredBy(Roles.BACKUP, 0, 1)),
    RESET_BEFORE_HEAD("reset before the head", ProviderBehaviours.resettingBeforeTheHead(), Expected.servedByBackup()),
    HANG("hang", ProviderBehaviours.hanging(), Expected.servedByBackup()),
    SLOW_FIRST_BYTE("slow first byte", ProviderBehaviours.slowToFirstByte(Roles.PRIMARY, Duration.ofSeconds(5)),
            Expected.servedByBackup()),
    KEEP_ALIVES_ONLY("keep-alives only", ProviderBehaviours.keepAlivesOnly(Roles.PRIMARY, Duration.ofMillis(1200)),
            Expected.answeredBy(Roles.PRIMARY, 1, 0), Expected.servedByBackup()),
    RESET_MID_BODY("reset mid-stream", ProviderBehaviours.resettingMidBody(Roles.PRIMARY),
            Expected.ioErrorOrServedByBackup(), Expected.brokenAfter(List.of("Hello", " from"))),
    TRUNCATED("truncated SSE / JSON", ProviderBehaviours.truncated(Roles.PRIMARY),
            Expected.passedThrough(), Expected.cutShort(List.of("Hello", " from"))),
    MALFORMED_200("malformed JSON, 200", ProviderBehaviours.malformedSuccess(), Expected.passedThrough()),
    WRONG_CONTENT_TYPE("text/html, 200", ProviderBehaviours.htmlPage(), Expected.passedThrough()),
    CHUNKED("tiny chunks", ProviderBehaviours.answeringInTinyChunks(Roles.PRIMARY), Expected.answeredBy(Roles.PRIMARY, 1, 0)),
    GZIP_FROM_FALLBACK("503, backup gzip", serverError(503), ProviderBehaviours.answeringGzipped(Roles.BACKUP),
            Expected.servedByBackup(), Expected.servedByBackup()),
    REDIRECT_FROM_FALLBACK("503, backup 302", serverError(503), null,
            Expected.primaryErrorReachesTheApp(503), Expected.primaryErrorReachesTheApp(503)),
    ABSURD_RATE_LIMIT_HEADERS("absurd rate-limit headers",
            failing(429, errorBody("requests", "rate_limit_exceeded", Roles.PRIMARY_ERROR),
                    "Retry-After", "99999999999999999999", "retry-after-ms", "-5",
                    "x-ratelimit-reset-requests", "9999999999999h99m", "x-ratelimit-remaining-requests", "-1",
                    "anthropic-ratelimit-requests-reset", "not a date"),
            Expected.servedByBackup()),
    HUGE_BODY("503, backup 10.5 MB", serverError(503), ProviderBehaviours.answeringHuge(Roles.BACKUP, Roles.HUGE_SIZE),
            Expected.hugeFromBackup(), Expected.hugeFromBackup()),
    EVERY_PROVIDER_FAILING("503, backup 429", serverError(503),
            failing(429, errorBody("requests", "rate_limit_exceeded", "the backup is busy too")),
            Expected.primaryErrorReachesTheApp(503), Expected.primaryErrorReachesTheApp(503)),
    BAD_REQUEST("400 (caller's fault)", failing(400, errorBody("invalid_request_error", "invalid_value", Roles.PRIMARY_ERROR)),
            Expected.primaryErrorReachesTheApp(400, 0), Expected.primaryErrorReachesTheApp(400, 0));

    /** The providers of a cell and what their answers say. */
    static final class Roles {
        static final String PRIMARY = "primary";
        static final String BACKUP = "backup";
        /** Where a fallback's redirect points: the app must never get there. */
        static final String ELSEWHERE = "elsewhere";
        /** In every error body the primary sends: the app's error must carry it. */
        static final String PRIMARY_ERROR = "stub-primary-error";
        static final int HUGE_SIZE = 10 * 1024 * 1024 + 512 * 1024;

        private Roles() {}
    }

    final String label;
    /** Null where the test wires it: a dead port, or a redirect to this cell's own server. */
    final Behaviour primary;
    final Behaviour backup;
    private final Expected blocking;
    private final Expected streaming;

    Fault(String label, Behaviour primary, Expected expected) {
        this(label, primary, answering(Roles.BACKUP), expected, expected);
    }

    Fault(String label, Behaviour primary, Expected blocking, Expected streaming) {
        this(label, primary, answering(Roles.BACKUP), blocking, streaming);
    }

    Fault(String label, Behaviour primary, Behaviour backup, Expected blocking, Expected streaming) {
        this.label = label;
        this.primary = primary;
        this.backup = backup;
        this.blocking = blocking;
        this.streaming = streaming;
    }

    /** The cell's name in URLs and provider names: {@code status-503}. */
    String cell() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    Expected expected(boolean streams) {
        return streams ? streaming : blocking;
    }

    private static Behaviour serverError(int status) {
        return failing(status, errorBody("server_error", null, Roles.PRIMARY_ERROR));
    }
}
