package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Jetty 12's HttpClient, used directly and under WebClient (governed once, by WebClient). */
class JettyHttpClientFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.JETTY_BLOCKING, ClientCall.JETTY_STREAM, ClientCall.JETTY_WEBCLIENT_STREAM);
    }
}
