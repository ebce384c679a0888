package io.llmfailover.e2e;

import java.util.List;

/**
 * The fault matrix for Micronaut 4's HTTP client: blocking {@code exchange} and {@code retrieve},
 * {@code exchangeStream} and {@code dataStream}, and {@code exchangeStream} as an SSE client calls it
 * (its request accepting {@code text/event-stream}).
 */
class MicronautFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.MICRONAUT_BLOCKING, ClientCall.MICRONAUT_RETRIEVE_BLOCKING, ClientCall.MICRONAUT_STREAM,
                ClientCall.MICRONAUT_DATA_STREAM, ClientCall.MICRONAUT_SSE_STREAM);
    }
}
