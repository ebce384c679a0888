package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.contract.CallAbandonedException;
import io.netty.handler.timeout.ReadTimeoutException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/** A reactive client's body: what its failure or end means while the app waits, and once it gave up. */
class AbandonableBodyTest {

    private final AppWait app = new AppWait();

    @Test
    void theClientsOwnReadTimeoutIsTheAppsAndReachesItAsTheClientRaisedIt() {
        InputStream body = AbandonableBody.of(failing(ReadTimeoutException.INSTANCE), app);

        CallAbandonedException abandoned = assertThrows(CallAbandonedException.class, body::read);
        assertSame(ReadTimeoutException.INSTANCE, TransportFailure.unwrapped(abandoned));
    }

    @Test
    void aBrokenConnectionIsTheProvidersWhileTheAppWaits() {
        InputStream body = AbandonableBody.of(failing(new IOException("Connection reset by peer")), app);

        IOException failure = assertThrows(IOException.class, body::read);
        assertEquals("Connection reset by peer", failure.getMessage());
    }

    @Test
    void aConnectTimeoutIsTheProviders() {
        InputStream body = AbandonableBody.of(failing(new ConnectException("connect timed out")), app);

        assertInstanceOf(ConnectException.class, assertThrows(IOException.class, body::read));
    }

    @Test
    void aBodyCutOffBecauseTheAppCancelledEndsAsItsCancellationNotAsAShortAnswer() {
        InputStream body = AbandonableBody.of(InputStream.nullInputStream(), app);
        app.abandon();

        assertThrows(CallAbandonedException.class, body::read);
    }

    @Test
    void aBodyThatEndsWhileTheAppWaitsEnds() throws IOException {
        assertEquals(-1, AbandonableBody.of(InputStream.nullInputStream(), app).read());
    }

    private static InputStream failing(Throwable failure) {
        ArrivingBody body = new ArrivingBody();
        body.attach(new ArrivingBody.Source() {
            @Override
            public void requestOne() {}

            @Override
            public void cancel() {}
        });
        body.failed(failure);
        return body;
    }
}
