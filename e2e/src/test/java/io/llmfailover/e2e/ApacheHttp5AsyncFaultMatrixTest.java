package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Apache HttpClient 5, async. */
class ApacheHttp5AsyncFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.APACHE5_ASYNC_BLOCKING, ClientCall.APACHE5_ASYNC_STREAM);
    }
}
