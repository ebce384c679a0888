package io.llmfailover.runtime.gateway;


import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.AgentFailure;
import io.llmfailover.runtime.contract.AgentFailureAfterSending;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.operations.status.ProviderStates;
import io.llmfailover.runtime.provider.ProviderDirectory;
import io.llmfailover.runtime.resilience.queue.CallQueue;
import io.llmfailover.runtime.route.Route;
import io.llmfailover.runtime.route.RouteTable;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.walk.ChainWalker;
import io.llmfailover.runtime.walk.WalkContext;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The runtime's one entry point for an agent adapter: "is this request mine?" and "run it".
 * Everything behind it (routing, breakers, throttles, translation, telemetry) is the runtime's;
 * everything in front of it (the HTTP client's types) is the adapter's.
 */
public final class Gateway implements CallRunner {

    private final ProviderDirectory directory;
    private final RouteTable routes;
    private final ChainWalker engine;
    private final long bufferLimit;
    private final ProviderStates providerStates;
    private final FailoverConfig config;
    private final ResilienceState state;
    /** Stops what this gateway repeats on the timer (status page, drill reminders) once a reload replaced it. */
    private final List<Runnable> onRetire;

    Gateway(ProviderDirectory directory, RouteTable routes, ChainWalker engine, ProviderStates providerStates,
            FailoverConfig config, ResilienceState state, List<Runnable> onRetire) {
        this.directory = directory;
        this.routes = routes;
        this.engine = engine;
        this.bufferLimit = config.bufferMaxBytes();
        this.providerStates = providerStates;
        this.config = config;
        this.state = state;
        this.onRetire = onRetire;
    }

    /** The configuration this gateway runs. */
    public FailoverConfig config() {
        return config;
    }

    /**
     * A reload replaced this gateway: what it repeats stops. Calls already running on it finish on
     * it; its state lives on in the gateway that carried it over.
     */
    public void retire() {
        onRetire.forEach(Runnable::run);
    }

    public static Gateway create(FailoverConfig config) {
        return builder(config).build();
    }

    public static GatewayBuilder builder(FailoverConfig config) {
        return new GatewayBuilder(config);
    }

    /**
     * A cheap check made on every outgoing request, before a body byte is read: true only for a
     * governed operation (a generation call) to a provider's host. False means the adapter must
     * leave the call alone: no buffering, no runtime involvement.
     */
    public boolean governs(String method, URI uri) {
        if (!directory.governs(uri)) {
            return false;
        }
        return directory.addressed(uri)
                .map(provider -> CallRecognizer.operationOf(provider.protocol(), method, uri.getRawPath()) != null)
                .orElse(false);
    }

    /**
     * Whether {@code uri} goes to a provider's host (scheme, host and port), whatever the operation:
     * the agent's own {@code x-llm-route} header is taken off every such request, governed or not.
     */
    public boolean reachesProvider(URI uri) {
        return directory.governs(uri);
    }

    /** Where calls wait when every step of their chain is silenced or over its limit. */
    public CallQueue queue() {
        return walks().queue();
    }

    /** What every call's walk shares: state, keys, quotas, the operator's views. */
    WalkContext walks() {
        return engine.context();
    }

    /** The breakers and throttles this gateway runs on. */
    ResilienceState state() {
        return state;
    }

    /** {@code buffer.max-bytes}: a governed body larger than this is sent as the app made it, ungoverned. */
    public long bufferLimit() {
        return bufferLimit;
    }

    /** The operator's view of each configured provider, and the breakers they may force. */
    public ProviderStates providerStates() {
        return providerStates;
    }

    /**
     * Runs one logical call through its route's chain.
     *
     * @return the answer the app gets: when {@link Answer#isOwn()}, the adapter hands the app its
     *     client's native response; otherwise it builds one from the status, headers and body
     * @throws IOException the addressed provider's own transport exception, when nothing answered;
     *     an {@link java.io.InterruptedIOException} when the app cancelled the call (nothing more is
     *     tried); {@link AgentFailureAfterSending} when the runtime failed after an attempt was
     *     handed to the transport and had no answer to give: never to be re-sent
     * @throws AgentFailure only when the runtime failed before any attempt was handed to the
     *     transport; the adapter then lets the original call proceed as if the agent were absent.
     *     Once an attempt was handed over, an internal failure surfaces as the best answer so far
     *     (a provider's own error, the exhaustion answer), or as {@link AgentFailureAfterSending}.
     */
    public Answer execute(LlmRequest request, Transport transport) throws IOException {
        Optional<RecognizedCall> recognized;
        Route route;
        try {
            recognized = directory.addressed(request.uri())
                    .flatMap(provider -> CallRecognizer.recognize(provider, request));
            route = recognized.isEmpty() ? null : routes.routeFor(recognized.get().addressed(),
                    recognized.get().source().model(), RouteHeader.of(request.headers()));
        } catch (RuntimeException internal) {
            throw new AgentFailure("could not route " + request, internal);
        }
        if (recognized.isEmpty()) {
            // Outside the try: what the transport throws once it has the request is never failed open.
            LlmResponse own = transport.send(AttemptRequest.originalAsIs(request));
            return Answer.own(own, own);
        }
        try {
            return engine.execute(recognized.get(), route, transport);
        } catch (RuntimeException internal) {
            // The engine lets a RuntimeException out only when no attempt was handed to the transport.
            throw new AgentFailure("failed before sending " + request, internal);
        }
    }

    /**
     * Why {@link #governs} said no, for {@code agent.log.level = debug}; null when there is nothing
     * to explain (see {@link NotGovernedReason}). Never called on the hot path otherwise.
     */
    public String whyNotGoverned(String method, URI uri) {
        return NotGovernedReason.of(directory, method, uri);
    }

}
