package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.faults.InjectedFault;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.Origin;
import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.ProtocolBridge;
import io.llmfailover.runtime.protocol.translate.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetProvider;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.route.RouteHeader;
import java.net.URI;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Turns "this call, to that provider, with that key" into the request to send. */
public final class AttemptPlanner {

    private final int defaultMaxTokens;
    private final ConcurrentMap<BridgeKey, ProtocolBridge> bridges = new ConcurrentHashMap<>();

    /** @param defaultMaxTokens the {@code max_tokens} sent to a target that requires it when the app gave none */
    public AttemptPlanner(int defaultMaxTokens) {
        this.defaultMaxTokens = defaultMaxTokens;
    }

    public Attempt plan(GovernedCall call, Provider provider, String model, KeyLease lease)
            throws UntranslatableRequestException {
        SourceRequest source = call.source();
        boolean addressed = provider == call.addressed() || provider.equals(call.addressed());
        InjectedFault.maybeThrowTranslating(addressed);
        ProtocolBridge bridge = bridge(call.addressed().protocol(), provider);
        boolean asTheAppMadeIt = lease.key() == null && Objects.equals(model, source.model())
                && !call.request().headers().contains(RouteHeader.NAME);
        if (addressed && asTheAppMadeIt) {
            TargetRequest target = new TargetRequest(source.operation(), model, source.stream(), null, source.body(),
                    HttpHeaders.EMPTY);
            return new Attempt(provider, target, bridge, call.request(), lease, true);
        }
        Portability.check(call, provider, model);
        TargetRequest target = bridge.request(source, model);
        boolean crossProtocol = provider.protocol() != call.addressed().protocol();
        URI uri = URI.create(provider.baseUrl() + target.path());
        boolean toAddressedOrigin = addressed && Origin.of(uri).equals(Origin.of(call.request().uri()));
        HttpHeaders headers = Credentials.forAttempt(call.request().headers(), toAddressedOrigin, crossProtocol,
                provider.protocol(), provider.baseUrl(), lease.key(), target.headers());
        LlmRequest request = new LlmRequest("POST", uri, headers, target.body());
        return new Attempt(provider, target, bridge, request, lease, false);
    }

    private ProtocolBridge bridge(Protocol from, Provider to) {
        BridgeKey key = new BridgeKey(from, to.name(), to.baseUrl().toString());
        ProtocolBridge known = bridges.get(key);
        if (known != null) {
            return known; // a hit allocates nothing, where computeIfAbsent would make its capturing lambda every time
        }
        return bridges.computeIfAbsent(key, absent -> ProtocolBridges.between(from,
                to.protocol(), BridgeOptions.forTarget(TargetProvider.of(to)).withDefaultMaxTokens(defaultMaxTokens)));
    }

    /**
     * A provider by name and URL, whose hashes are cached, rather than by the whole record, whose are
     * not; the URL as a string, since {@code URI.equals} compares component by component, ignoring case.
     */
    private record BridgeKey(Protocol from, String providerName, String providerUrl) {}
}
