package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for the JDK's {@code java.net.http.HttpClient}. */
class JdkHttpClientFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.JDK_BLOCKING, ClientCall.JDK_STREAM);
    }
}
