package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for LangChain4j's OpenAI model (on the JDK client). */
class LangChain4jFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.LANGCHAIN4J_BLOCKING, ClientCall.LANGCHAIN4J_STREAM);
    }
}
