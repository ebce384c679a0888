package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.telemetry.StateReadings;
import io.llmfailover.runtime.time.TaskCap;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.Meter;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The breakers that have changed state and every throttle, known from the start and read when
 * metrics are collected, once the SDK is up ({@link #register}): the breaker state per provider
 * and model (1 for the current state, 0 for the others; a breaker never heard from is closed),
 * and per provider and key the AIMD limit, the calls in flight, what is left of a silence and the
 * silences so far: the state the JMX view shows, as metrics; what the agent did at its task cap
 * ({@link TaskCap}); and what the latest gateway reads of its state ({@link StateReadings}): the
 * queue's length, the fleet's instances, whether the state's store answers, the configured tpm.
 */
final class ResilienceGauges {

    /** Each state's attribute value, made once: every attempt notes its breaker's (see {@link #stateName}). */
    private static final String[] STATE_NAMES = Arrays.stream(BreakerState.values())
            .map(state -> state.name().toLowerCase(Locale.ROOT))
            .toArray(String[]::new);

    private static final AttributeKey<String> STATE_BACKEND = AttributeKey.stringKey("llm_failover.state.backend");
    private static final AttributeKey<String> TASK_CAP_FALLBACK = AttributeKey.stringKey("llm_failover.task_cap.fallback");

    private final Map<String, CircuitBreaker> breakers = new ConcurrentHashMap<>();
    private final Map<String, Throttle> throttles = new ConcurrentHashMap<>();
    /** Silences by throttle name and reason: dropped with the throttle, so bounded as throttles are. */
    private final Map<String, Map<String, LongAdder>> silences = new ConcurrentHashMap<>();
    private volatile StateReadings readings = StateReadings.NONE;

    /** Registers the gauges with the SDK's meter; called once, on the telemetry thread. */
    void register(Meter meter) {
        meter.gaugeBuilder("llm_failover.breaker.state")
                .setDescription("Circuit breaker state per provider and model: 1 for the current state, 0 otherwise")
                .ofLongs()
                .buildWithCallback(measurement -> breakers.forEach((name, breaker) -> {
                    BreakerState current = breaker.state();
                    for (BreakerState state : BreakerState.values()) {
                        measurement.record(state == current ? 1 : 0, breakerAttributes(name, state));
                    }
                }));
        meter.gaugeBuilder("llm_failover.throttle.limit")
                .setDescription("Current adaptive concurrency limit per provider and key")
                .setUnit("{request}")
                .ofLongs()
                .buildWithCallback(measurement -> throttles.forEach((name, throttle) ->
                        measurement.record(throttle.limit(), throttleAttributes(name))));
        meter.gaugeBuilder("llm_failover.throttle.in_flight")
                .setDescription("Calls in flight per provider and key")
                .setUnit("{request}")
                .ofLongs()
                .buildWithCallback(measurement -> throttles.forEach((name, throttle) ->
                        measurement.record(throttle.inFlight(), throttleAttributes(name))));
        meter.gaugeBuilder("llm_failover.throttle.silenced")
                .setDescription("How long the key stays silenced after a 429, a 529 or an exhausted quota; 0 when it is not")
                .setUnit("s")
                .buildWithCallback(measurement -> throttles.forEach((name, throttle) ->
                        measurement.record(throttle.nanosUntilAllowed() / 1e9, throttleAttributes(name))));
        meter.counterBuilder("llm_failover.throttle.silences")
                .setDescription("Silences of a key after a 429, a 529 or an exhausted quota, by reason")
                .setUnit("{silence}")
                .buildWithCallback(measurement -> silences.forEach((name, byReason) -> byReason.forEach((reason, count) ->
                        measurement.record(count.sum(), throttleAttributes(name).toBuilder()
                                .put(FailoverAttributes.SILENCE_REASON, reason).build()))));
        registerStateGauges(meter);
        meter.counterBuilder("llm_failover.agent.task_cap")
                .setDescription("What the agent did because every task slot was taken (llm.failover.agent.max-threads): "
                        + "calls sent ungoverned, heads waited for on the caller's thread, hedges not started")
                .buildWithCallback(measurement -> {
                    for (TaskCap.Fallback fallback : TaskCap.Fallback.values()) {
                        measurement.record(TaskCap.count(fallback), Attributes.of(TASK_CAP_FALLBACK,
                                fallback.name().toLowerCase(Locale.ROOT)));
                    }
                });
    }

    private void registerStateGauges(Meter meter) {
        meter.gaugeBuilder("llm_failover.queue.length")
                .setDescription("Calls waiting in the queue now (queue.max-wait)")
                .setUnit("{call}")
                .ofLongs()
                .buildWithCallback(measurement -> measurement.record(readings.queueLength()));
        meter.gaugeBuilder("llm_failover.fleet.instances")
                .setDescription("Instances sharing the breakers, throttles and quotas, this one included: 1 when alone")
                .setUnit("{instance}")
                .ofLongs()
                .buildWithCallback(measurement -> measurement.record(readings.instances()));
        meter.gaugeBuilder("llm_failover.state.reachable")
                .setDescription("1 when the store of the state (state.backend) answers, 0 when it does not")
                .ofLongs()
                .buildWithCallback(measurement -> {
                    StateReadings now = readings;
                    measurement.record(now.stateReachable() ? 1 : 0, Attributes.of(STATE_BACKEND, now.stateBackend()));
                });
        meter.gaugeBuilder("llm_failover.quota.tokens_per_minute")
                .setDescription("The configured tokens per minute per key (provider.<name>.tpm)")
                .setUnit("{token}")
                .ofLongs()
                .buildWithCallback(measurement -> readings.tokensPerMinute().forEach((provider, tpm) ->
                        measurement.record(tpm, Attributes.of(FailoverAttributes.PROVIDER, provider))));
    }

    /** From now on the state gauges read these: the latest gateway's. */
    void read(StateReadings latest) {
        readings = latest;
    }

    /** One more silence of this throttle, for this reason. */
    void silenced(Throttle throttle, String reason) {
        silences.computeIfAbsent(throttle.name(), any -> new ConcurrentHashMap<>())
                .computeIfAbsent(reason, any -> new LongAdder()).increment();
    }

    void remember(CircuitBreaker breaker) {
        breakers.putIfAbsent(breaker.name(), breaker);
    }

    void remember(Throttle throttle) {
        throttles.putIfAbsent(throttle.name(), throttle);
    }

    /** A breaker dropped by the state: a later one of the same name is remembered afresh. */
    void forget(CircuitBreaker breaker) {
        breakers.remove(breaker.name(), breaker);
    }

    void forget(Throttle throttle) {
        throttles.remove(throttle.name(), throttle);
        silences.remove(throttle.name());
    }

    static String stateName(BreakerState state) {
        return STATE_NAMES[state.ordinal()];
    }

    /** Breakers are named {@code provider/model} by the resilience state. */
    private static Attributes breakerAttributes(String name, BreakerState state) {
        int slash = name.indexOf('/');
        String provider = slash < 0 ? name : name.substring(0, slash);
        String model = slash < 0 ? "" : name.substring(slash + 1);
        return Attributes.of(FailoverAttributes.PROVIDER, provider, GenAiAttributes.REQUEST_MODEL, model,
                FailoverAttributes.BREAKER_STATE, stateName(state));
    }

    /** Throttles are named {@code provider#keyId}. */
    private static Attributes throttleAttributes(String name) {
        int hash = name.indexOf('#');
        String provider = hash < 0 ? name : name.substring(0, hash);
        String keyId = hash < 0 ? "" : name.substring(hash + 1);
        return Attributes.of(FailoverAttributes.PROVIDER, provider, FailoverAttributes.KEY_ID, keyId);
    }
}
