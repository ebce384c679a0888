package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for OkHttp 3. */
class OkHttp3FaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.OKHTTP3_BLOCKING, ClientCall.OKHTTP3_STREAM);
    }
}
