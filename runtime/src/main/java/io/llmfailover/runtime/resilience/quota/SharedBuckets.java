package io.llmfailover.runtime.resilience.quota;

import io.llmfailover.runtime.config.ProviderLimits;

/**
 * A key's configured quota ({@code rpm}, {@code tpm}) kept in buckets the whole fleet takes from,
 * so that forty instances respecting one limit do not spend it forty times. When the store cannot
 * answer, the instance charges its own buckets instead.
 */
public interface SharedBuckets {

    /** Returned when the store could not answer: the instance's own buckets decide. */
    long UNAVAILABLE = -1;

    /** An instance on its own. */
    SharedBuckets NONE = new SharedBuckets() {
        @Override
        public long tryTake(String key, long requests, long tokens, ProviderLimits limits) {
            return UNAVAILABLE;
        }

        @Override
        public void giveBack(String key, long requests, long tokens, ProviderLimits limits) {}
    };

    /** Takes one request's worth and its tokens from the key's buckets, all or none: 0, the nanoseconds to wait, or {@link #UNAVAILABLE}. */
    long tryTake(String key, long requests, long tokens, ProviderLimits limits);

    /** Gives back what a call took and did not use (never sent, or fewer tokens than estimated). */
    void giveBack(String key, long requests, long tokens, ProviderLimits limits);
}
