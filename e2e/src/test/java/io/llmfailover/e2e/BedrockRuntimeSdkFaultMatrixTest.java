package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for the AWS SDK for Java v2's Bedrock Runtime (Converse), its providers Bedrock,
 * the app signing with its AWS identity and the agent its backup's calls with its own.
 */
class BedrockRuntimeSdkFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.BEDROCK_SDK_BLOCKING, ClientCall.BEDROCK_SDK_ASYNC_BLOCKING, ClientCall.BEDROCK_SDK_ASYNC_STREAM);
    }
}
