package io.llmfailover.runtime.operations.cache;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RelayedResponse;
import io.llmfailover.runtime.keys.AppKeyId;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.time.Clock;
import java.util.Optional;

/**
 * {@code cache.last-resort}: successful answers are kept as the app read them, and replayed to an
 * identical request from the same credential to the same place when every step of its chain failed
 * ({@link CacheableRequest}). Off, it does nothing and costs nothing. A request that names
 * provider-side state is never kept nor answered; one that carries tools neither, unless
 * {@code cache.tools} says so.
 */
public final class LastResort {

    public static final LastResort OFF = new LastResort(null, false, null);

    /** The value of {@link FailoverHeaders#PROVIDER} on a replayed answer. */
    public static final String SERVED_BY = "cache";

    private final LastResortCache cache;
    private final boolean keepsTools;
    private final AppKeyId credentialIds;

    private LastResort(LastResortCache cache, boolean keepsTools, AppKeyId credentialIds) {
        this.cache = cache;
        this.keepsTools = keepsTools;
        this.credentialIds = credentialIds;
    }

    /**
     * One per gateway; the cache exists only when enabled.
     *
     * @param credentialIds names the app's credential in each key, as the gateway's key pool does
     */
    public static LastResort of(CacheSettings settings, Clock clock, AppKeyId credentialIds) {
        if (!settings.lastResort()) {
            return OFF;
        }
        return new LastResort(new LastResortCache(settings.maxEntries(), settings.ttl(), clock), settings.tools(),
                credentialIds);
    }

    /** For tests: a last resort over a cache of their making. */
    static LastResort over(LastResortCache cache, boolean keepsTools, AppKeyId credentialIds) {
        return new LastResort(cache, keepsTools, credentialIds);
    }

    /**
     * The answer the app gets, its body recorded as the app reads it when it is worth keeping: a
     * 2xx in plain bytes (no content encoding) to a cacheable request.
     */
    public LlmResponse keeping(RecognizedCall call, LlmResponse delivered) {
        if (cache == null || delivered.status() < 200 || delivered.status() >= 300 || encoded(delivered.headers())) {
            return delivered;
        }
        Optional<CacheKey> key = keyOf(call);
        if (key.isEmpty()) {
            return delivered;
        }
        String contentType = delivered.headers().first("content-type").orElse("application/json");
        RecordingBody body = new RecordingBody(delivered.body(), WholeAnswer.of(delivered.headers()),
                cache.maxAnswerBytes(), whole -> store(key.get(), contentType, whole));
        return new RelayedResponse(delivered, delivered.headers(), body);
    }

    /** The kept answer to an identical request, as a 200 marked as the cache's; empty when there is none. */
    public Optional<LlmResponse> answerFor(RecognizedCall call) {
        if (cache == null) {
            return Optional.empty();
        }
        return keyOf(call).flatMap(cache::get).map(LastResort::replay);
    }

    private Optional<CacheKey> keyOf(RecognizedCall call) {
        try {
            return CacheableRequest.of(call, credentialIds.of(call.request()))
                    .filter(request -> keepsTools || !request.carriesTools())
                    .map(CacheableRequest::key);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("keying a request for the last-resort cache", internal);
            return Optional.empty();
        }
    }

    private void store(CacheKey key, String contentType, byte[] whole) {
        try {
            cache.put(key, contentType, whole);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("keeping an answer for the last resort", internal);
        }
    }

    private static LlmResponse replay(CachedAnswer answer) {
        HttpHeaders headers = HttpHeaders.builder()
                .set("content-type", answer.contentType())
                .set(FailoverHeaders.PROVIDER, SERVED_BY)
                .build();
        return new BufferedResponse(200, headers, answer.body());
    }

    private static boolean encoded(HttpHeaders headers) {
        return headers.first("content-encoding").map(coding -> !coding.equalsIgnoreCase("identity")).orElse(false);
    }
}
