package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for the Google Gen AI Java SDK (on OkHttp 4), its providers speaking Gemini's native protocol. */
class GoogleGenAiSdkFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.GOOGLE_GENAI_SDK_BLOCKING, ClientCall.GOOGLE_GENAI_SDK_STREAM);
    }
}
