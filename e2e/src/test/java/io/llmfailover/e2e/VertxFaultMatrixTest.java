package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Vert.x 5: its core HttpClient, and WebClient on top of it. */
class VertxFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.VERTX_BLOCKING, ClientCall.VERTX_STREAM, ClientCall.VERTX_WEBCLIENT_BLOCKING,
                ClientCall.VERTX_WEBCLIENT_STREAM);
    }
}
