package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Ktor's HttpClient on the CIO engine, from a Kotlin app. */
class KtorCioFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.KTOR_CIO_BLOCKING, ClientCall.KTOR_CIO_STREAM);
    }
}
