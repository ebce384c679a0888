package io.llmfailover.runtime.resilience.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.CacheSettings;
import io.llmfailover.runtime.config.CallBudget;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.TrafficShaping;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a call is charged in tokens: counted exactly for an operator's {@code tpm}, by characters for a budget only learnt. */
class QuotaBookTest {

    private static final String PROMPT = "{\"model\":\"gpt-4o\",\"max_tokens\":10,\"messages\":[{\"role\":\"user\",\"content\":\""
            + "a".repeat(400) + "\"}]}";
    private static final HttpHeaders ANNOUNCED = HttpHeaders.builder()
            .add("x-ratelimit-limit-tokens", "30000000")
            .add("x-ratelimit-remaining-tokens", "29999950")
            .add("x-ratelimit-reset-tokens", "1m")
            .build();

    private final ManualClock clock = new ManualClock();

    @Test
    void aBudgetLearntFromTheProvidersHeadersIsChargedByCharacters() {
        QuotaBook book = new QuotaBook(TrafficShaping.NONE, clock);
        TokenEstimate estimate = estimate();
        assertNotEquals(estimate.total(), estimate.byCharacters(), "a prompt the two ways count apart");

        QuotaCharge first = book.tryCharge("openai", "openai", "key#0", estimate).charge();
        assertEquals(0, first.tokens(), "nothing is known of the key's tokens before its first answer");
        first.onSent(true, ANNOUNCED);

        QuotaDecision second = book.tryCharge("openai", "openai", "key#0", estimate);
        assertTrue(second.allowed());
        assertEquals(estimate.byCharacters(), second.charge().tokens());
    }

    @Test
    void anOperatorsTokensPerMinuteIsChargedTheExactCount() {
        TrafficShaping shaping = new TrafficShaping(CallBudget.UNLIMITED,
                Map.of("openai", new ProviderLimits(0, 1_000_000, 0)), CacheSettings.OFF);
        QuotaBook book = new QuotaBook(shaping, clock);
        TokenEstimate estimate = estimate();

        QuotaDecision decision = book.tryCharge("openai", "openai", "key#0", estimate);

        assertTrue(decision.allowed());
        assertEquals(estimate.total(), decision.charge().tokens());
    }

    /** A key id made room for another ({@code KeyPool}): dropping it costs what it owns, not what every key does. */
    @Test
    void forgettingAKeyVisitsItsOwnQuotasAloneInEveryScope() {
        ProviderLimits onePerMinute = new ProviderLimits(1, 0, 0);
        TrafficShaping shaping = new TrafficShaping(CallBudget.UNLIMITED,
                Map.of("openai", onePerMinute, "anthropic", onePerMinute), CacheSettings.OFF);
        QuotaBook book = new QuotaBook(shaping, clock);
        for (int key = 0; key < 1_000; key++) {
            book.tryCharge("openai", "openai", "app:" + key, TokenEstimate.NONE);
            book.tryCharge("openai", "openai/gpt-4o-mini", "app:" + key, TokenEstimate.NONE);
            book.tryCharge("anthropic", "anthropic", "app:" + key, TokenEstimate.NONE);
        }

        book.forgetKey("openai", "app:7");

        assertEquals(2, book.lastForgetKeyVisits(), "its quota of the provider and of the step naming a model, of 3,000");
        assertTrue(book.tryCharge("openai", "openai", "app:7", TokenEstimate.NONE).allowed(), "a fresh quota");
        assertTrue(book.tryCharge("openai", "openai/gpt-4o-mini", "app:7", TokenEstimate.NONE).allowed());
        assertFalse(book.tryCharge("openai", "openai", "app:8", TokenEstimate.NONE).allowed(), "another key's stays spent");
        assertFalse(book.tryCharge("anthropic", "anthropic", "app:7", TokenEstimate.NONE).allowed(),
                "another provider's key of that id stays spent");

        QuotaBook reloaded = book.carriedOver(shaping, Set.of());
        reloaded.forgetKey("openai", "app:8");
        assertEquals(2, reloaded.lastForgetKeyVisits(), "a reload carries each key's scopes with its quotas");
        assertTrue(reloaded.tryCharge("openai", "openai", "app:8", TokenEstimate.NONE).allowed());
    }

    private static TokenEstimate estimate() {
        return new TokenEstimate(PROMPT.getBytes(StandardCharsets.UTF_8), "gpt-4o", 4096);
    }
}
