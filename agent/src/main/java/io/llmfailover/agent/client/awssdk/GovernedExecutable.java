package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import java.io.IOException;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;

/**
 * What a sync SDK HTTP client's {@code prepareRequest} returns for a governed call: {@code call()}
 * runs it through the call lifecycle on the SDK's thread, and the SDK's {@code abort()} (its call
 * timeout, from its timer) aborts the attempt in flight.
 */
final class GovernedExecutable implements ExecutableHttpRequest {

    private final AwsSdkSyncCall call;
    private final Governance governance;

    GovernedExecutable(AwsSdkSyncCall call, Governance governance) {
        this.call = call;
        this.governance = governance;
    }

    @Override
    public HttpExecuteResponse call() throws IOException {
        return CallLifecycle.run(AwsSdkSyncBinding.INSTANCE, call, governance);
    }

    @Override
    public void abort() {
        call.abort();
    }
}
