package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Spring AI: its RestClient on Apache HttpClient 5 and on the JDK client, and its WebClient on Reactor Netty. */
class SpringAiFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.SPRING_AI_BLOCKING, ClientCall.SPRING_AI_JDK_BLOCKING, ClientCall.SPRING_AI_STREAM);
    }
}
