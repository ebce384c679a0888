package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for the Google Gen AI Java SDK in Vertex AI mode, with its own Google token: Gemini
 * on Vertex, its backups reached with the agent's Application Default Credentials.
 */
class GoogleGenAiSdkVertexFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.GOOGLE_GENAI_SDK_VERTEX_BLOCKING, ClientCall.GOOGLE_GENAI_SDK_VERTEX_STREAM);
    }
}
