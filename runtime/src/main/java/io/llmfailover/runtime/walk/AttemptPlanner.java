package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Origin;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.keys.Credentials;
import io.llmfailover.runtime.keys.KeyLease;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.operations.faults.InjectedFault;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetProvider;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Turns "this call, to that provider, with that key" into the request to send. */
public final class AttemptPlanner {

    private final int defaultMaxTokens;
    /** By the caller's protocol, then by provider name: found on every attempt without building a key. */
    private final Map<Protocol, ConcurrentMap<String, KnownBridge>> bridges = new EnumMap<>(Protocol.class);

    /** @param defaultMaxTokens the {@code max_tokens} sent to a target that requires it when the app gave none */
    public AttemptPlanner(int defaultMaxTokens) {
        this.defaultMaxTokens = defaultMaxTokens;
        for (Protocol from : Protocol.values()) {
            bridges.put(from, new ConcurrentHashMap<>());
        }
    }

    /**
     * @throws IdentityUnavailableException when the provider's cloud identity has no credential yet
     */
    public Attempt plan(RecognizedCall call, Provider provider, String model, KeyLease lease)
            throws UntranslatableRequestException, IdentityUnavailableException {
        SourceRequest source = call.source();
        boolean addressed = provider == call.addressed() || provider.equals(call.addressed());
        InjectedFault.maybeThrowTranslating(call.request().uri(), addressed);
        ProtocolBridge bridge = bridge(call.caller(), provider);
        boolean appsOwnRequest = addressed && Objects.equals(model, source.model());
        boolean asTheAppMadeIt = lease.key() == null && !call.request().headers().contains(RouteHeader.NAME);
        if (appsOwnRequest && asTheAppMadeIt) {
            TargetRequest target = new TargetRequest(source.operation(), model, source.stream(), null, source.body(),
                    HttpHeaders.EMPTY);
            return new Attempt(provider, target, bridge, call.request(), lease, true);
        }
        Portability.check(call, provider, model);
        TargetRequest target = bridge.request(source, model);
        boolean crossProtocol = provider.protocol() != call.caller();
        URI uri = URI.create(provider.baseUrl() + target.path());
        boolean toAddressedOrigin = addressed && Origin.of(uri).equals(Origin.of(call.request().uri()));
        HttpHeaders headers = Credentials.forAttempt(call.request().headers(), toAddressedOrigin, appsOwnRequest,
                crossProtocol, provider.keyHeader(), lease.key(), target.headers());
        LlmRequest request = new LlmRequest("POST", uri, headers, target.body());
        if (lease.identity() != null) {
            // Last, over the very bytes and URL that are sent: a signature covers them.
            request = Credentials.authorized(request, lease.identity());
        }
        return new Attempt(provider, target, bridge, request, lease, false);
    }

    private ProtocolBridge bridge(Protocol from, Provider to) {
        ConcurrentMap<String, KnownBridge> byName = bridges.get(from);
        KnownBridge known = byName.get(to.name());
        if (known != null && known.isFor(to)) {
            return known.bridge();
        }
        KnownBridge made = new KnownBridge(to.baseUrl(), ProtocolBridges.between(from, to.protocol(),
                BridgeOptions.forTarget(TargetProvider.of(to)).withDefaultMaxTokens(defaultMaxTokens)));
        byName.put(to.name(), made);
        return made.bridge();
    }

    /**
     * A provider's bridge, kept by its name and checked against its URL rather than keyed by the
     * whole record, whose hash is not cached.
     */
    private record KnownBridge(URI providerUrl, ProtocolBridge bridge) {
        boolean isFor(Provider provider) {
            return providerUrl == provider.baseUrl() || providerUrl.equals(provider.baseUrl());
        }
    }
}
