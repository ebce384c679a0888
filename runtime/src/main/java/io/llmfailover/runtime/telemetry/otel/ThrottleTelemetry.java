package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.HumanDuration;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.resilience.throttle.SilenceReason;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleListener;
import io.llmfailover.runtime.time.Clock;
import io.opentelemetry.api.common.Attributes;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Throttle changes: a silence (Retry-After, a spent quota) is one WARN line and an event on the span
 * of the call that caused it; a limit change feeds the throttle-limit gauge and a DEBUG line.
 */
final class ThrottleTelemetry implements ThrottleListener {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.throttle");

    private final ResilienceGauges gauges;
    private final Clock clock;

    ThrottleTelemetry(ResilienceGauges gauges, Clock clock) {
        this.gauges = gauges;
        this.clock = clock;
    }

    @Override
    public void onSilenced(Throttle throttle, SilenceReason reason, long untilNanos, Duration length) {
        try {
            gauges.remember(throttle);
            String reasonName = reason.name().toLowerCase(Locale.ROOT);
            gauges.silenced(throttle, reasonName);
            String until = Instant.ofEpochMilli(clock.currentTimeMillis() + length.toMillis()).toString();
            LOG.warn("llm-failover: {} silenced for {} ({}), until {}", throttle.name(), HumanDuration.of(length),
                    reasonName, until);
            GenAiCallScope call = ActiveCall.current();
            if (call != null) {
                call.addEvent(FailoverAttributes.EVENT_SILENCED, Attributes.of(
                        FailoverAttributes.PROVIDER, throttle.name(),
                        FailoverAttributes.SILENCE_REASON, reasonName,
                        FailoverAttributes.WAIT_SECONDS, length.toNanos() / 1e9,
                        FailoverAttributes.SILENCED_UNTIL, until));
            }
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("reporting a throttle silence", internal);
        }
    }

    @Override
    public void onCreated(Throttle throttle) {
        gauges.remember(throttle);
    }

    @Override
    public void onRemoved(Throttle throttle) {
        gauges.forget(throttle);
    }

    @Override
    public void onLimitChanged(Throttle throttle, int oldLimit, int newLimit) {
        try {
            gauges.remember(throttle);
            LOG.debug("llm-failover: {} concurrency limit {} -> {}", throttle.name(), oldLimit, newLimit);
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("reporting a throttle limit", internal);
        }
    }
}
