package io.llmfailover.e2e;

import io.llmfailover.e2e.FaultServer.Behaviour;
import io.llmfailover.e2e.apps.AppArgs;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The rows of the fault matrix: what the app's own provider (the primary) and its fallback (the
 * backup) do, in the app's wire protocol, and what the app must then observe, blocking and
 * streaming. Most faults hit the primary; the others name what the backup does too.
 *
 * <p>The redirect rows: the primary fails and the backup, asked with the backup's key, redirects
 * to a spy ({@link Roles#ELSEWHERE}) that must receive nothing, whatever the status and whether or
 * not the app built its client to follow redirects (a row whose cell name ends with {@link
 * AppArgs#FOLLOWING_REDIRECTS_CELL}: each app says which switch it flips). The primary's error
 * reaches the app. The rows after the first have the primary answer 502, which no client's own
 * retry repeats (Apache HttpClient 5 retries a 503 a second later), so each ends in two round trips.
 *
 * <p>Every row applies to the Vertex AI wires as to their publishers' (Gemini's, Anthropic's): the
 * bodies are the same, only the paths differ, and the backup is on Vertex AI too. There the 429 with
 * a quota error stands for Vertex's {@code RESOURCE_EXHAUSTED} quota answer, and the 529 is Claude on
 * Vertex's overloaded answer (for Gemini, a 5xx Google does not send, which must fail over all the same).
 */
enum Fault {
    HEALTHY("healthy primary", wire -> ProviderBehaviours.answering(wire, Roles.PRIMARY),
            Expected.answeredBy(Roles.PRIMARY, 1, 0)),
    RATE_LIMITED_RETRY_AFTER("429 + Retry-After", wire -> rateLimited(wire, "Retry-After", "20"), Expected.servedByBackup()),
    /**
     * A Bedrock stream is throttled in its first event instead, the other way Bedrock throttles one:
     * a 200 whose first message is a {@code throttlingException}, failed over before the app reads
     * anything (the other 429 rows keep Bedrock's 429 head).
     */
    RATE_LIMITED("429, no Retry-After", wire -> ProviderBehaviours.throttled(wire, Roles.PRIMARY_ERROR),
            Expected.servedByBackup()),
    QUOTA_EXHAUSTED("429 insufficient_quota",
            wire -> ProviderBehaviours.failing(wire, 429, "insufficient_quota", Roles.PRIMARY_ERROR),
            Expected.servedByBackup()),
    STATUS_500("500", wire -> serverError(wire, 500), Expected.servedByBackup()),
    STATUS_502("502", wire -> serverError(wire, 502), Expected.servedByBackup()),
    STATUS_503("503", wire -> serverError(wire, 503), Expected.servedByBackup()),
    STATUS_504("504", wire -> serverError(wire, 504), Expected.servedByBackup()),
    STATUS_529("529", wire -> ProviderBehaviours.failing(wire, 529, "overloaded_error", Roles.PRIMARY_ERROR),
            Expected.servedByBackup()),
    CONNECTION_REFUSED("connection refused", null, Expected.answeredBy(Roles.BACKUP, 0, 1)),
    RESET_BEFORE_HEAD("reset before the head", wire -> ProviderBehaviours.resettingBeforeTheHead(),
            Expected.servedByBackup()),
    HANG("hang", wire -> ProviderBehaviours.hanging(), Expected.servedByBackup()),
    SLOW_FIRST_BYTE("slow first byte", wire -> ProviderBehaviours.slowToFirstByte(wire, Roles.PRIMARY, Duration.ofSeconds(5)),
            Expected.servedByBackup()),
    KEEP_ALIVES_ONLY("keep-alives only",
            wire -> ProviderBehaviours.keepAlivesOnly(wire, Roles.PRIMARY, Duration.ofMillis(1200)),
            Expected.answeredBy(Roles.PRIMARY, 1, 0), Expected.servedByBackup()),
    RESET_MID_BODY("reset mid-stream", wire -> ProviderBehaviours.resettingMidBody(wire, Roles.PRIMARY),
            Expected.ioErrorOrServedByBackup(), Expected.brokenAfter(List.of("Hello", " from"))),
    TRUNCATED("truncated SSE / JSON", wire -> ProviderBehaviours.truncated(wire, Roles.PRIMARY),
            Expected.passedThrough(), Expected.cutShort(List.of("Hello", " from"))),
    MALFORMED_200("malformed JSON, 200", wire -> ProviderBehaviours.malformedSuccess(), Expected.passedThrough()),
    WRONG_CONTENT_TYPE("text/html, 200", wire -> ProviderBehaviours.htmlPage(), Expected.passedThrough()),
    CHUNKED("tiny chunks", wire -> ProviderBehaviours.answeringInTinyChunks(wire, Roles.PRIMARY),
            Expected.answeredBy(Roles.PRIMARY, 1, 0)),
    GZIP_FROM_FALLBACK("503, backup gzip", wire -> serverError(wire, 503),
            wire -> ProviderBehaviours.answeringGzipped(wire, Roles.BACKUP), Expected.servedByBackup(), Expected.servedByBackup()),
    REDIRECT_FROM_FALLBACK("503, backup 302", 503, 302),
    REDIRECT_301("502, backup 301", 502, 301),
    REDIRECT_303("502, backup 303", 502, 303),
    REDIRECT_307("502, backup 307", 502, 307),
    REDIRECT_308("502, backup 308", 502, 308),
    REDIRECT_301_FOLLOWING("502, backup 301, app's client follows redirects", 502, 301),
    REDIRECT_302_FOLLOWING("502, backup 302, app's client follows redirects", 502, 302),
    REDIRECT_303_FOLLOWING("502, backup 303, app's client follows redirects", 502, 303),
    REDIRECT_307_FOLLOWING("502, backup 307, app's client follows redirects", 502, 307),
    REDIRECT_308_FOLLOWING("502, backup 308, app's client follows redirects", 502, 308),
    ABSURD_RATE_LIMIT_HEADERS("absurd rate-limit headers",
            wire -> rateLimited(wire, "Retry-After", "99999999999999999999", "retry-after-ms", "-5",
                    "x-ratelimit-reset-requests", "9999999999999h99m", "x-ratelimit-remaining-requests", "-1",
                    "anthropic-ratelimit-requests-reset", "not a date"),
            Expected.servedByBackup()),
    HUGE_BODY("503, backup 10.5 MB", wire -> serverError(wire, 503),
            wire -> ProviderBehaviours.answeringHuge(wire, Roles.BACKUP, Roles.HUGE_SIZE),
            Expected.hugeFromBackup(), Expected.hugeFromBackup()),
    EVERY_PROVIDER_FAILING("503, backup 429", wire -> serverError(wire, 503),
            wire -> ProviderBehaviours.failing(wire, 429, "rate_limit_error", "the backup is busy too"),
            Expected.primaryErrorReachesTheApp(503), Expected.primaryErrorReachesTheApp(503)),
    BAD_REQUEST("400 (caller's fault)",
            wire -> ProviderBehaviours.failing(wire, 400, "invalid_request_error", Roles.PRIMARY_ERROR),
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
    /** Null where the test wires it: a port nothing listens on. */
    private final Function<ChatWire, Behaviour> primary;
    /** Null where the test wires it: a redirect to this cell's own server. */
    private final Function<ChatWire, Behaviour> backup;
    /** The status the backup redirects with, to {@link Roles#ELSEWHERE}; 0 for a backup that does not. */
    final int redirect;
    private final Expected blocking;
    private final Expected streaming;

    /** A redirect row: the primary fails with {@code primaryStatus}, the backup redirects with {@code redirect}. */
    Fault(String label, int primaryStatus, int redirect) {
        this(label, wire -> serverError(wire, primaryStatus), null, redirect,
                Expected.primaryErrorReachesTheApp(primaryStatus), Expected.primaryErrorReachesTheApp(primaryStatus));
    }

    Fault(String label, Function<ChatWire, Behaviour> primary, Expected expected) {
        this(label, primary, expected, expected);
    }

    Fault(String label, Function<ChatWire, Behaviour> primary, Expected blocking, Expected streaming) {
        this(label, primary, wire -> ProviderBehaviours.answering(wire, Roles.BACKUP), blocking, streaming);
    }

    Fault(String label, Function<ChatWire, Behaviour> primary, Function<ChatWire, Behaviour> backup, Expected blocking,
            Expected streaming) {
        this(label, primary, backup, 0, blocking, streaming);
    }

    private Fault(String label, Function<ChatWire, Behaviour> primary, Function<ChatWire, Behaviour> backup, int redirect,
            Expected blocking, Expected streaming) {
        this.label = label;
        this.primary = primary;
        this.backup = backup;
        this.redirect = redirect;
        this.blocking = blocking;
        this.streaming = streaming;
    }

    /**
     * The cell's name in URLs and provider names: {@code status-503}; one that ends with {@link
     * AppArgs#FOLLOWING_REDIRECTS_CELL} has the app build its client to follow redirects.
     */
    String cell() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    Expected expected(boolean streams) {
        return streams ? streaming : blocking;
    }

    /** What the primary does, in this wire protocol; null when nothing listens there. */
    Behaviour primary(ChatWire wire) {
        return primary == null ? null : primary.apply(wire);
    }

    /** What the backup does, in this wire protocol; null when it redirects ({@link #redirect}) to where the test says. */
    Behaviour backup(ChatWire wire) {
        return backup == null ? null : backup.apply(wire);
    }

    private static Behaviour serverError(ChatWire wire, int status) {
        return ProviderBehaviours.failing(wire, status, "server_error", Roles.PRIMARY_ERROR);
    }

    private static Behaviour rateLimited(ChatWire wire, String... headerPairs) {
        return ProviderBehaviours.failing(wire, 429, "rate_limit_error", Roles.PRIMARY_ERROR, headerPairs);
    }
}
