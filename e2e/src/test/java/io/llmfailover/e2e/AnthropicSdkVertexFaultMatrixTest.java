package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for the Anthropic Java SDK's Vertex AI backend ({@code anthropic-java-vertex}), with
 * its own Google token: Claude on Vertex, its backups reached with the agent's Application Default Credentials.
 */
class AnthropicSdkVertexFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.ANTHROPIC_SDK_VERTEX_BLOCKING, ClientCall.ANTHROPIC_SDK_VERTEX_STREAM);
    }
}
