package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.telemetry.AttemptScope;

/**
 * An attempt about to be handed to the transport: its permits, its span, the request as it goes
 * out, and the transport it goes through (the app's, or a drill's fault in front of it).
 *
 * @param startedNanos when it started, on the walk's clock: what its first-content deadline counts from
 */
record StartedAttempt(Attempt attempt, AttemptLeases leases, AttemptScope span, AttemptRequest outgoing,
        Transport sending, long startedNanos) {

    Provider provider() {
        return attempt.provider();
    }
}
