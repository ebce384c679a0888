package io.llmfailover.runtime.telemetry;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.breaker.BreakerState;
import io.llmfailover.runtime.route.Route;
import java.util.Locale;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code agent.log.level = debug}: one line per governed call with the agent's decision, for an
 * operator asking "why was my call (not) failed over?": the route, each provider skipped or tried
 * and how that ended, and who answered. Never a key or a prompt: providers by name, keys by id.
 */
public final class DecisionLog implements CallObserver {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.decision");

    private final Consumer<String> sink;

    /** Lines go to the agent's log at debug level. */
    public DecisionLog() {
        this(LOG::debug);
    }

    /** Lines go to {@code sink}: for tests. */
    public DecisionLog(Consumer<String> sink) {
        this.sink = sink;
    }

    /** Whether per-call lines are wanted at all; asked once when the gateway is built. */
    public static boolean enabled() {
        return LOG.isDebugEnabled();
    }

    @Override
    public CallScope callStarted(RecognizedCall call, Route route) {
        return new Line(call, route);
    }

    private final class Line implements CallScope {
        private final StringBuilder text = new StringBuilder("llm-failover: ");

        Line(RecognizedCall call, Route route) {
            text.append(call.request()).append(" governed: ").append(call.source().operation().semanticName())
                    .append(' ').append(call.source().model()).append(", addressed ").append(call.addressed().name())
                    .append(", route ").append(route == null ? "(none)" : route.name()).append(':');
        }

        @Override
        public synchronized void skipped(Provider provider, String model, SkipReason reason, long nanosUntilAllowed) {
            text.append(" skipped ").append(provider.name()).append(" (").append(reason.name().toLowerCase(Locale.ROOT))
                    .append(");");
        }

        @Override
        public synchronized AttemptScope attemptStarted(int number, Provider provider, TargetRequest target,
                boolean translated, String keyId, BreakerState breakerState) {
            text.append(" attempt ").append(number).append(' ').append(provider.name()).append(" model ")
                    .append(target.model()).append(" key ").append(keyId).append(translated ? " translated" : "");
            return (status, outcome, failsOver, error) -> ended(status, outcome, failsOver);
        }

        private synchronized void ended(int status, AttemptOutcome outcome, boolean failsOver) {
            text.append(" -> ").append(status == 0 ? "no response" : "HTTP " + status).append(' ')
                    .append(outcome.token()).append(failsOver ? ", fails over;" : ";");
        }

        @Override
        public synchronized LlmResponse answered(LlmResponse response, Provider servedBy) {
            text.append(" answered HTTP ").append(response.status()).append(" by ")
                    .append(servedBy == null ? "the agent" : servedBy.name());
            sink.accept(text.toString());
            return response;
        }

        @Override
        public synchronized void failed(Throwable error) {
            text.append(" failed: ").append(error.getClass().getSimpleName());
            sink.accept(text.toString());
        }
    }
}
