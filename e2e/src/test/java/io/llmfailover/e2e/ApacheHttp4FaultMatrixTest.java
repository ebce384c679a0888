package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Apache HttpClient 4. */
class ApacheHttp4FaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.APACHE4_BLOCKING, ClientCall.APACHE4_STREAM);
    }
}
