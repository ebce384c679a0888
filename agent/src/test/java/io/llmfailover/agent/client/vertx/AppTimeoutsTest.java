package io.llmfailover.agent.client.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.lifecycle.TransportFailure;
import io.vertx.core.http.HttpClientOptions;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The app's own Vert.x timeouts told from a provider's failure, on a clock the test moves. */
class AppTimeoutsTest {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final AtomicLong now = new AtomicLong(1_000 * MILLI);

    @Test
    void theRequestsIdleTimeoutIsTheAppsAtOnce() {
        AppTimeouts own = new AppTimeouts(0, now::get);

        assertTrue(own.ended(TransportFailure.of(new TimeoutException("The timeout period of 300ms has been exceeded"))));
    }

    @Test
    void aConnectionLostBeforeTheClientsIdleTimeoutIsTheProviders() {
        AppTimeouts own = new AppTimeouts(300 * MILLI, now::get);
        now.addAndGet(299 * MILLI);

        assertFalse(own.ended(TransportFailure.of(new IllegalStateException("Connection was closed"))));
    }

    @Test
    void aConnectionLostOnceTheAttemptWasSilentForTheClientsIdleTimeoutIsTheApps() {
        AppTimeouts own = new AppTimeouts(300 * MILLI, now::get);
        now.addAndGet(250 * MILLI);
        own.activity();
        now.addAndGet(250 * MILLI);
        assertFalse(own.ended(new IOException("Connection reset")), "silent 250 ms since the last chunk");

        now.addAndGet(50 * MILLI);
        assertTrue(own.ended(new IOException("Connection reset")));
    }

    @Test
    void aClientWithoutAnIdleTimeoutNeverClosesAConnectionItself() {
        AppTimeouts own = new AppTimeouts(0, now::get);
        now.addAndGet(3_600_000 * MILLI);

        assertFalse(own.ended(TransportFailure.of(new IllegalStateException("Connection was closed"))));
    }

    @Test
    void theShortestOfTheClientsIdleTimeoutsCountsInItsUnit() {
        assertEquals(0, AppTimeouts.connectionIdleNanos(new HttpClientOptions()));
        assertEquals(30_000 * MILLI, AppTimeouts.connectionIdleNanos(new HttpClientOptions().setIdleTimeout(30)));
        assertEquals(300 * MILLI, AppTimeouts.connectionIdleNanos(new HttpClientOptions()
                .setIdleTimeout(900).setReadIdleTimeout(300).setWriteIdleTimeout(600).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)));
        assertEquals(200 * MILLI, AppTimeouts.connectionIdleNanos(new HttpClientOptions()
                .setWriteIdleTimeout(200).setIdleTimeoutUnit(TimeUnit.MILLISECONDS)));
    }
}
