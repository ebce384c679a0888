package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for the Anthropic Java SDK's Bedrock backend: Claude through InvokeModel, its
 * providers Bedrock, the app signing with its AWS identity and the agent its backup's calls with its own.
 */
class AnthropicBedrockFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.ANTHROPIC_BEDROCK_BLOCKING, ClientCall.ANTHROPIC_BEDROCK_STREAM);
    }
}
