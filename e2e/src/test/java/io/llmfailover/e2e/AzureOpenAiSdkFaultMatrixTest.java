package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for the Azure OpenAI SDK on its default Netty transport, an Azure-style path and api-key. */
class AzureOpenAiSdkFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.AZURE_OPENAI_SDK_BLOCKING, ClientCall.AZURE_OPENAI_SDK_STREAM);
    }
}
