package io.llmfailover.runtime.resilience.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.resilience.throttle.RateLimitHeaders.Announced;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a provider says remains of a key's limit, learnt with the calls it has not counted yet. */
class KeyQuotaTest {

    private static final long MINUTE_MILLIS = TimeUnit.MINUTES.toMillis(1);

    @Test
    void callsStillInFlightAreTakenFromWhatTheProviderSaysRemains() {
        KeyQuota quota = new KeyQuota(ProviderLimits.NONE, 0);
        for (int sent = 0; sent < 3; sent++) {
            assertEquals(0, quota.tryCharge(0, 0));
        }

        quota.answered(0);
        quota.learn(List.of(new Announced(false, 2, 0, MINUTE_MILLIS)), 0);

        assertTrue(quota.tryCharge(0, 0) > 0,
                "the two remaining requests are the two still in flight: a third would be one too many");
    }

    @Test
    void withNothingInFlightWhatRemainsIsSpentAsTheProviderSays() {
        KeyQuota quota = new KeyQuota(ProviderLimits.NONE, 0);
        assertEquals(0, quota.tryCharge(0, 0));

        quota.answered(0);
        quota.learn(List.of(new Announced(false, 2, 2, MINUTE_MILLIS)), 0);

        assertEquals(0, quota.tryCharge(0, 0));
        assertEquals(0, quota.tryCharge(0, 0));
        assertTrue(quota.tryCharge(0, 0) > 0);
    }

    @Test
    void aRefundedCallIsNoLongerInFlight() {
        KeyQuota quota = new KeyQuota(ProviderLimits.NONE, 0);
        assertEquals(0, quota.tryCharge(0, 0));
        assertEquals(0, quota.tryCharge(0, 0));

        quota.refund(1, 0, 0);
        quota.answered(0);
        quota.learn(List.of(new Announced(false, 1, 1, MINUTE_MILLIS)), 0);

        assertEquals(0, quota.tryCharge(0, 0), "the refunded call never reached the provider");
    }

    @Test
    void anOlderAnswerThatArrivesLateCannotRaiseWhatRemains() {
        KeyQuota quota = new KeyQuota(ProviderLimits.NONE, 0);
        assertEquals(0, quota.tryCharge(0, 0));
        assertEquals(0, quota.tryCharge(0, 0));
        quota.answered(0);
        quota.answered(0);

        quota.learn(List.of(new Announced(false, 1, 60, MINUTE_MILLIS)), 0);
        quota.learn(List.of(new Announced(false, 5, 60, MINUTE_MILLIS)), 0);

        assertEquals(0, quota.tryCharge(0, 0));
        assertTrue(quota.tryCharge(0, 0) > 0, "the later answer said one remained; the overtaken one's five do not count");
    }
}
