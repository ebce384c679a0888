package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.call.GovernedCall;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.protocol.translate.ProtocolBridge;
import io.llmfailover.runtime.protocol.translate.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.util.Objects;

/** Turns "this call, to that provider, with that key" into the request to send. */
public final class AttemptPlanner {

    public Attempt plan(GovernedCall call, Provider provider, String model, KeyLease lease)
            throws UntranslatableRequestException {
        SourceRequest source = call.source();
        boolean addressed = provider.equals(call.addressed());
        if (addressed && lease.key() == null && Objects.equals(model, source.model())) {
            TargetRequest target = new TargetRequest(source.operation(), model, source.stream(), null, source.body(),
                    HttpHeaders.EMPTY);
            return new Attempt(provider, target, ProtocolBridges.between(provider.protocol(), provider.protocol())
                    .orElseThrow(), call.request(), lease, true);
        }
        ProtocolBridge bridge = ProtocolBridges.between(call.addressed().protocol(), provider.protocol())
                .orElseThrow(() -> new UntranslatableRequestException("no translation from "
                        + call.addressed().protocol().configName() + " to " + provider.protocol().configName()));
        TargetRequest target = bridge.request(source, model);
        boolean crossProtocol = provider.protocol() != call.addressed().protocol();
        HttpHeaders headers = Credentials.forAttempt(call.request().headers(), addressed, crossProtocol,
                provider.protocol(), provider.baseUrl(), lease.key(), target.headers());
        URI uri = URI.create(provider.baseUrl() + target.path());
        LlmRequest request = new LlmRequest("POST", uri, headers, target.body());
        return new Attempt(provider, target, bridge, request, lease, false);
    }
}
