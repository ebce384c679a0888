package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.resilience.quota.SharedBuckets;

/** A key's configured quota as the fleet's buckets in the {@link FleetStore}: one for its requests per minute, one for its tokens. */
final class FleetBuckets implements SharedBuckets {

    private final FleetStore store;

    FleetBuckets(FleetStore store) {
        this.store = store;
    }

    @Override
    public long tryTake(String key, long requests, long tokens, ProviderLimits limits) {
        Buckets buckets = Buckets.of(key, requests, tokens, limits);
        return buckets.names.length == 0 ? 0 : store.tryTake(buckets.names, buckets.amounts, buckets.capacities, buckets.perSecond);
    }

    @Override
    public void giveBack(String key, long requests, long tokens, ProviderLimits limits) {
        Buckets buckets = Buckets.of(key, requests, tokens, limits);
        if (buckets.names.length > 0) {
            store.giveBack(buckets.names, buckets.amounts, buckets.capacities, buckets.perSecond);
        }
    }

    /** The buckets a charge touches: requests when {@code rpm} is set, tokens when {@code tpm} is. */
    private record Buckets(String[] names, double[] amounts, double[] capacities, double[] perSecond) {

        static Buckets of(String key, long requests, long tokens, ProviderLimits limits) {
            boolean byRequests = limits.rpm() > 0 && requests > 0;
            boolean byTokens = limits.tpm() > 0 && tokens > 0;
            int count = (byRequests ? 1 : 0) + (byTokens ? 1 : 0);
            Buckets buckets = new Buckets(new String[count], new double[count], new double[count], new double[count]);
            int i = 0;
            if (byRequests) {
                buckets.set(i++, readable(key) + "|rpm", requests, limits.rpm());
            }
            if (byTokens) {
                buckets.set(i, readable(key) + "|tpm", tokens, limits.tpm());
            }
            return buckets;
        }

        /** Provider, scope and key id, as a Redis key an operator can read. */
        private static String readable(String quotaKey) {
            return quotaKey.replace('\n', '|');
        }

        private void set(int i, String name, long amount, long perMinute) {
            names[i] = name;
            amounts[i] = amount;
            capacities[i] = perMinute;
            perSecond[i] = perMinute / 60.0;
        }
    }
}
