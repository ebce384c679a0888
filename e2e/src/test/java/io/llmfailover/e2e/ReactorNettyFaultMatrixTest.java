package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Reactor Netty's HttpClient, used directly. */
class ReactorNettyFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.REACTOR_NETTY_BLOCKING, ClientCall.REACTOR_NETTY_STREAM);
    }
}
