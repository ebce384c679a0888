package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.log.HumanDuration;
import io.llmfailover.runtime.log.OnceLogger;
import io.llmfailover.runtime.resilience.breaker.BreakerListener;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.opentelemetry.api.common.Attributes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every breaker transition: one log line (WARN when it opens, INFO otherwise), an event on the
 * span of the call that caused it, and the breaker-state gauge.
 */
final class BreakerTelemetry implements BreakerListener {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.breaker");

    private final ResilienceGauges gauges;

    BreakerTelemetry(ResilienceGauges gauges) {
        this.gauges = gauges;
    }

    @Override
    public void onTransition(CircuitBreaker breaker, BreakerState from, BreakerState to) {
        try {
            gauges.remember(breaker);
            log(breaker, from, to);
            GenAiCallScope call = ActiveCall.current();
            if (call != null) {
                call.addEvent(FailoverAttributes.EVENT_BREAKER_TRANSITION, Attributes.of(
                        FailoverAttributes.PROVIDER, breaker.name(),
                        FailoverAttributes.BREAKER_FROM, ResilienceGauges.stateName(from),
                        FailoverAttributes.BREAKER_TO, ResilienceGauges.stateName(to)));
            }
        } catch (RuntimeException internal) {
            OnceLogger.internalFailure("reporting a breaker transition", internal);
        }
    }

    @Override
    public void onRemoved(CircuitBreaker breaker) {
        gauges.forget(breaker);
    }

    private static void log(CircuitBreaker breaker, BreakerState from, BreakerState to) {
        switch (to) {
            case OPEN -> LOG.warn("llm-failover: breaker {} opened (was {}); calls skip it for {}", breaker.name(),
                    ResilienceGauges.stateName(from), HumanDuration.ofNanos(breaker.nanosUntilPermitted()));
            case HALF_OPEN -> LOG.info("llm-failover: breaker {} half-open: probing", breaker.name());
            case CLOSED -> LOG.info("llm-failover: breaker {} closed (was {})", breaker.name(),
                    ResilienceGauges.stateName(from));
        }
    }
}
