package io.llmfailover.runtime.operations.status;


import io.llmfailover.runtime.log.HumanDuration;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.time.TaskCap;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The one-page text status: a line per provider (its breakers at a glance, calls in flight, its
 * last failure), then a line per model whose breaker is not closed and per key that is silenced or
 * limited. Key ids only, never keys.
 *
 * <pre>
 * llm-failover status at 2026-12-02T03:40:00Z: 2 providers, 1 open
 *   primary   OPEN (forced)  in flight 0  last failure 2026-12-02T03:39:58Z rate_limited
 *     breaker gpt-4o OPEN, probes in 4.2 s
 *     key app: limit 5, silenced for 1.5 s
 *   backup    CLOSED         in flight 2  no failure
 *   agent tasks at their cap (llm.failover.agent.max-threads) so far: 3 calls sent ungoverned
 * </pre>
 * (the last line only once the agent's task cap was reached).
 */
public final class StatusPage {

    private StatusPage() {}

    public static String render(List<ProviderStatus> providers, Instant now) {
        long open = providers.stream().filter(provider -> provider.breakerState() != BreakerState.CLOSED).count();
        StringBuilder page = new StringBuilder("llm-failover status at ").append(now).append(": ")
                .append(providers.size()).append(providers.size() == 1 ? " provider" : " providers")
                .append(open == 0 ? ", all closed" : ", " + open + " not closed");
        int width = providers.stream().mapToInt(provider -> provider.name().length()).max().orElse(0);
        for (ProviderStatus provider : providers) {
            page.append('\n');
            providerLine(page, provider, width);
            for (ProviderStatus.Breaker breaker : provider.breakers()) {
                if (breaker.state() != BreakerState.CLOSED) {
                    page.append("\n    breaker ").append(breaker.model()).append(' ').append(breaker.state())
                            .append(breaker.state() == BreakerState.OPEN
                                    ? ", probes in " + HumanDuration.ofNanos(breaker.millisUntilProbe() * 1_000_000) : "");
                }
            }
            for (ProviderStatus.Key key : provider.keys()) {
                if (key.silencedForMillis() > 0 || key.inFlight() > 0) {
                    page.append("\n    key ").append(key.keyId()).append(": limit ").append(key.limit())
                            .append(", in flight ").append(key.inFlight());
                    if (key.silencedForMillis() > 0) {
                        page.append(", silenced for ").append(HumanDuration.ofNanos(key.silencedForMillis() * 1_000_000));
                    }
                }
            }
        }
        String cap = TaskCap.statusLine();
        if (!cap.isEmpty()) {
            page.append("\n  ").append(cap);
        }
        return page.toString();
    }

    private static void providerLine(StringBuilder page, ProviderStatus provider, int width) {
        String state = provider.breakerState() + (provider.forcedOpen() ? " (forced)" : "");
        page.append("  ").append(String.format(Locale.ROOT, "%-" + width + "s", provider.name()))
                .append("  ").append(String.format(Locale.ROOT, "%-13s", state))
                .append("  in flight ").append(provider.inFlight())
                .append(provider.lastFailure()
                        .map(failure -> "  last failure " + Instant.ofEpochMilli(failure.epochMillis()) + " "
                                + failure.outcome().name().toLowerCase(Locale.ROOT))
                        .orElse("  no failure"));
    }
}
