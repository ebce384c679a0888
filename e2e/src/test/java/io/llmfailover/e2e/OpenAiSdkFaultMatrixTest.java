package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for the official OpenAI Java SDK (on OkHttp 4). */
class OpenAiSdkFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.SDK_BLOCKING, ClientCall.SDK_STREAM);
    }
}
