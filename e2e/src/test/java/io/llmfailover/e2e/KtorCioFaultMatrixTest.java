package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for Ktor's HttpClient on the CIO engine, from a Kotlin app: with its default
 * settings, and with Ktor's own {@code HttpTimeout} installed (timeouts past every cell's length),
 * blocking and reading a stream's body channel to its end, past {@code [DONE]}: the shapes where
 * Ktor's coroutines see what the agent does with a call's end.
 */
class KtorCioFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.KTOR_CIO_BLOCKING, ClientCall.KTOR_CIO_STREAM, ClientCall.KTOR_CIO_TIMEOUT_BLOCKING,
                ClientCall.KTOR_CIO_TIMEOUT_STREAM_TO_END);
    }
}
