package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for {@code HttpURLConnection}. */
class UrlConnectionFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.URLCONNECTION_BLOCKING, ClientCall.URLCONNECTION_STREAM);
    }
}
