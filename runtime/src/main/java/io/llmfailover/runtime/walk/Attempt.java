package io.llmfailover.runtime.walk;


import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.KeyLease;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Provider;

/**
 * One planned attempt: the request to send to one provider, and the bridge that brings its
 * answer back into the app's protocol.
 *
 * @param untouched the request is the app's own, unchanged: its answer can reach the app as is
 */
public record Attempt(Provider provider, TargetRequest target, ProtocolBridge bridge, LlmRequest request,
        KeyLease lease, boolean untouched) {

    @Override
    public String toString() {
        // Never the request's headers or body, nor the key: only what names the attempt.
        return "Attempt[" + provider.name() + " " + target + " " + lease + (untouched ? " untouched" : "") + "]";
    }
}
