package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for the official Anthropic Java SDK (on OkHttp 4), its providers speaking Anthropic's protocol. */
class AnthropicSdkFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.ANTHROPIC_SDK_BLOCKING, ClientCall.ANTHROPIC_SDK_STREAM);
    }
}
