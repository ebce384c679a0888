package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.runtime.contract.HeadDeadlineException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ClientTimeoutsTest {

    private final HeadDeadlineException expired = new HeadDeadlineException(Duration.ofSeconds(30));

    @Test
    void aBlockingClientSeesASocketReadTimeoutCausedByTheDeadline() {
        SocketTimeoutException timeout = ClientTimeouts.readTimedOut(expired);

        assertEquals("Read timed out", timeout.getMessage());
        assertSame(expired, timeout.getCause());
        assertEquals("timeout", ClientTimeouts.socketTimeout("timeout", expired).getMessage());
    }

    @Test
    void anAsyncClientSeesATimeoutExceptionOnceTheTransportFailureIsUnwrapped() {
        IOException carried = ClientTimeouts.timeoutException(expired);

        TimeoutException seen = assertInstanceOf(TimeoutException.class, TransportFailure.unwrapped(carried));
        assertEquals(expired.getMessage(), seen.getMessage());
        assertSame(expired, seen.getCause());
    }
}
