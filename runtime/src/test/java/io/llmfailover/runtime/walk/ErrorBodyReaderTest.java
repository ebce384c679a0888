package io.llmfailover.runtime.walk;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.WholeBodyStream;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ErrorBodyReaderTest {

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);

    @Test
    @DisplayName("Error body deadline: a body dribbling one byte a second is cut at the deadline by aborting the response")
    void aDribblingErrorBodyIsAbortedAtItsDeadline() {
        ScriptedBody response = new ScriptedBody(Long.MAX_VALUE, Duration.ofSeconds(1));

        BufferedResponse buffered = ErrorBodyReader.buffer(response, scheduler);

        assertTrue(response.aborted, "the deadline aborts the exchange");
        assertEquals(ErrorBodyReader.DEADLINE.toSeconds() - 1, buffered.bytes().length,
                "the bytes that arrived before the deadline are kept");
        assertEquals(503, buffered.status());
    }

    @Test
    @DisplayName("Error body cap: 64 KB are kept, the rest is not drained but aborted")
    void aHugeErrorBodyIsCutAtTheCapWithoutDraining() {
        ScriptedBody response = new ScriptedBody(10L * 1024 * 1024, Duration.ZERO);

        BufferedResponse buffered = ErrorBodyReader.buffer(response, scheduler);

        assertEquals(ErrorBodyReader.MAX_BYTES, buffered.bytes().length);
        assertTrue(response.aborted, "aborted, not closed");
        assertTrue(response.served < 2L * ErrorBodyReader.MAX_BYTES, "not drained: " + response.served);
    }

    @Test
    void aSmallErrorBodyIsReadWholeAndTheResponseClosed() {
        ScriptedBody response = new ScriptedBody(100, Duration.ZERO);

        BufferedResponse buffered = ErrorBodyReader.buffer(response, scheduler);

        assertEquals(100, buffered.bytes().length);
        assertTrue(response.closed);
        assertFalse(response.aborted);
    }

    @Test
    @DisplayName("Error body in memory: a body the client read whole is taken at once, with no deadline set")
    void aBodyTheClientReadWholeIsTakenWithoutADeadline() {
        InMemoryError response = new InMemoryError(new byte[100]);

        BufferedResponse buffered = ErrorBodyReader.buffer(response, scheduler);

        assertEquals(100, buffered.bytes().length);
        assertEquals(0, scheduler.scheduled(), "nothing to wait for: the timer is left alone");
        assertTrue(response.closed);
        assertFalse(response.aborted);
    }

    @Test
    @DisplayName("Error body in memory: past the cap, 64 KB are kept and the response aborted")
    void aHugeBodyInMemoryIsCutAtTheCap() {
        InMemoryError response = new InMemoryError(new byte[3 * ErrorBodyReader.MAX_BYTES]);

        BufferedResponse buffered = ErrorBodyReader.buffer(response, scheduler);

        assertEquals(ErrorBodyReader.MAX_BYTES, buffered.bytes().length);
        assertTrue(response.aborted);
        assertFalse(response.closed);
    }

    @Test
    @DisplayName("Error body deadline: a primary's dribbling 503 body does not hold the failover past the deadline")
    void aDribblingErrorBodyDoesNotHoldTheFailover() throws IOException {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("primary", new Provider("primary", URI.create("http://127.0.0.1:9001/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("backup", new Provider("backup", URI.create("http://127.0.0.1:9002/v1"), Protocol.OPENAI,
                List.of("k"), Map.of()));
        FailoverConfig config = new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("main", "primary", null, List.of("primary", "backup"))), BreakerSettings.DEFAULTS,
                ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());
        Gateway gateway = Gateway.builder(config).clock(clock).scheduler(scheduler).build();
        ScriptedTransport transport = new ScriptedTransport()
                .on("127.0.0.1:9001", request -> new ScriptedBody(Long.MAX_VALUE, Duration.ofSeconds(1)))
                .on("127.0.0.1:9002", ScriptedTransport.ok("{\"choices\":[]}"));
        long started = clock.nanoTime();

        LlmResponse answer = gateway.execute(new LlmRequest("POST", URI.create("http://127.0.0.1:9001/v1/chat/completions"),
                HttpHeaders.EMPTY, "{\"model\":\"m\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8)), transport);

        assertEquals(Optional.of("backup"), answer.headers().first(FailoverHeaders.PROVIDER));
        assertTrue(clock.nanoTime() - started <= ErrorBodyReader.DEADLINE.toNanos());
    }

    /** A 503 that notes whether it was closed or aborted; its body is the subclass's. */
    private abstract static class Error503 implements LlmResponse {
        boolean aborted;
        boolean closed;

        @Override
        public int status() {
            return 503;
        }

        @Override
        public HttpHeaders headers() {
            return HttpHeaders.EMPTY;
        }

        @Override
        public void abort() {
            aborted = true;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A 503 whose body the client read whole, as the JDK client's transport does for an unstreamed attempt. */
    private static final class InMemoryError extends Error503 {
        private final WholeBodyStream body;

        InMemoryError(byte[] bytes) {
            this.body = new WholeBodyStream(bytes);
        }

        @Override
        public InputStream body() {
            return body;
        }
    }

    /** A 503 whose body sends {@code length} bytes, each read taking {@code perRead} of virtual time. */
    private final class ScriptedBody extends Error503 {
        private final long length;
        private final Duration perRead;
        long served;

        ScriptedBody(long length, Duration perRead) {
            this.length = length;
            this.perRead = perRead;
        }

        @Override
        public InputStream body() {
            return new InputStream() {
                @Override
                public int read() throws IOException {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                }

                @Override
                public int read(byte[] into, int offset, int count) throws IOException {
                    if (aborted) {
                        throw new IOException("aborted");
                    }
                    if (served >= length) {
                        return -1;
                    }
                    if (!perRead.isZero()) {
                        scheduler.advance(perRead);
                        if (aborted) {
                            throw new IOException("aborted");
                        }
                        into[offset] = 'x';
                        served++;
                        return 1;
                    }
                    int n = (int) Math.min(count, length - served);
                    served += n;
                    return n;
                }
            };
        }

    }
}
