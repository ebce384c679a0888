package io.llmfailover.agent.lifecycle;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * The binding's transport, remembering whether anything was handed to the wire. Fail-open may send
 * the app's request only while nothing was: a request that reached a provider is never sent again.
 * Rewritten attempts lose the hop-by-hop headers that belong to the app's own connection.
 */
final class SendRecord<C> implements Transport {

    private final Transport native_;
    private final ClientBinding<C, ?> binding;
    private final C call;
    private volatile boolean sent;

    SendRecord(Transport nativeTransport, ClientBinding<C, ?> binding, C call) {
        this.native_ = nativeTransport;
        this.binding = binding;
        this.call = call;
    }

    /** Asked only of a call that may be hedged. Each attempt marks its own thread ({@link AttemptGuard}). */
    @Override
    public Optional<Executor> concurrentSends() {
        return binding.sendsConcurrently(call) ? Optional.of(AgentThreads.concurrentSends()) : Optional.empty();
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        sent = true;
        try (AttemptGuard.Scope attemptsAreOurs = AttemptGuard.enter()) {
            return native_.send(attempt.original() ? attempt : withoutHopByHop(attempt));
        }
    }

    /** True once an attempt was handed to the client, whether or not it reached the provider. */
    boolean sent() {
        return sent;
    }

    private static AttemptRequest withoutHopByHop(AttemptRequest attempt) {
        return new AttemptRequest(attempt.request().withHeaders(HopByHopHeaders.strippedForAttempt(attempt.request().headers())),
                false, attempt.addedHeaders(), attempt.headDeadline(), attempt.streamed(), attempt.written());
    }
}
