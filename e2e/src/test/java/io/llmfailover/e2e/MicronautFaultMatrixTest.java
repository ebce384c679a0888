package io.llmfailover.e2e;

import java.util.List;

/** The fault matrix for Micronaut 4's HTTP client: blocking {@code exchange}, and {@code exchangeStream}. */
class MicronautFaultMatrixTest extends FaultMatrixTest {

    @Override
    List<ClientCall> calls() {
        return List.of(ClientCall.MICRONAUT_BLOCKING, ClientCall.MICRONAUT_STREAM);
    }
}
