package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Apache HttpClient 5, classic. */
class ApacheHttp5FaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.APACHE5_BLOCKING, ClientCall.APACHE5_STREAM);
    }
}
