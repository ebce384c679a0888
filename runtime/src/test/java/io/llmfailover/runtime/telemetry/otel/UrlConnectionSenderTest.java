package io.llmfailover.runtime.telemetry.otel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.HttpResponse;
import io.opentelemetry.sdk.common.export.HttpSenderConfig;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.opentelemetry.sdk.common.export.ProxyOptions;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class UrlConnectionSenderTest {

    private static final byte[] PAYLOAD = "a marshalled export request".getBytes(StandardCharsets.UTF_8);
    /** A "status" for which the collector closes the connection without answering. */
    private static final int DROP = -1;
    private static final RetryPolicy THREE_ATTEMPTS = RetryPolicy.builder().setMaxAttempts(3)
            .setInitialBackoff(Duration.ofSeconds(1)).setMaxBackoff(Duration.ofSeconds(5)).setBackoffMultiplier(2).build();

    private final ConcurrentLinkedQueue<Integer> statuses = new ConcurrentLinkedQueue<>();
    private final List<Received> received = new ArrayList<>();
    private final List<Long> pauses = new ArrayList<>();
    private HttpServer collector;
    private String retryAfter;
    private byte[] answerBody = new byte[0];

    private record Received(String contentType, String encoding, String tenant, byte[] body, int clientPort) {}

    @AfterEach
    void stop() {
        if (collector != null) {
            collector.stop(0);
        }
    }

    @Test
    void postsTheBodyWithTheExportersHeadersAndReusesTheConnection() throws IOException {
        startCollector();
        UrlConnectionSender sender = sender(endpoint(), null, null);

        for (int i = 0; i < 3; i++) {
            assertEquals(200, send(sender).response.get().getStatusCode());
        }

        assertEquals(3, received.size());
        Received first = received.get(0);
        assertEquals("application/x-protobuf", first.contentType());
        assertEquals("acme", first.tenant());
        assertNull(first.encoding());
        assertArrayEquals(PAYLOAD, first.body());
        assertEquals(1, received.stream().map(Received::clientPort).distinct().count(), "one kept-alive connection");
    }

    @Test
    void aCompressorEncodesTheBodyAndSaysSo() throws IOException {
        startCollector();
        UrlConnectionSender sender = sender(endpoint(), null, new Compressor() {
            @Override
            public String getEncoding() {
                return "gzip";
            }

            @Override
            public OutputStream compress(OutputStream out) throws IOException {
                return new GZIPOutputStream(out);
            }
        });

        send(sender);

        assertEquals("gzip", received.get(0).encoding());
        assertArrayEquals(PAYLOAD, new GZIPInputStream(new java.io.ByteArrayInputStream(received.get(0).body())).readAllBytes());
    }

    @Test
    void aRetryableStatusIsSentAgainAfterABackoffThenAnswered() throws IOException {
        startCollector(503, 429, 200);
        Sent sent = send(sender(endpoint(), THREE_ATTEMPTS, null));

        assertEquals(200, sent.response.get().getStatusCode());
        assertEquals(3, received.size());
        assertEquals(2, pauses.size());
        assertTrue(pauses.get(0) >= 800_000_000L && pauses.get(0) <= 1_200_000_000L, "jittered 1 s: " + pauses);
        assertTrue(pauses.get(1) >= 1_600_000_000L && pauses.get(1) <= 2_400_000_000L, "jittered 2 s: " + pauses);
    }

    @Test
    void theCollectorsRetryAfterIsTheWait() throws IOException {
        retryAfter = "3";
        startCollector(503, 200);

        send(sender(endpoint(), THREE_ATTEMPTS, null));

        assertEquals(List.of(3_000_000_000L), pauses);
    }

    @Test
    void aRetryAfterBeyondTheTimeoutEndsTheExportWithThatAnswer() throws IOException {
        retryAfter = "99999999999";
        startCollector(503, 200);

        Sent sent = send(sender(endpoint(), THREE_ATTEMPTS, null));

        assertEquals(503, sent.response.get().getStatusCode());
        assertTrue(pauses.isEmpty(), "never waits past the export's timeout: " + pauses);
    }

    @Test
    void theLastAttemptsAnswerIsGivenWhenEveryAttemptIsRefused() throws IOException {
        answerBody = "slow down".getBytes(StandardCharsets.UTF_8);
        startCollector(503, 503, 503, 200);

        HttpResponse last = send(sender(endpoint(), THREE_ATTEMPTS, null)).response.get();

        assertEquals(503, last.getStatusCode());
        assertArrayEquals(answerBody, last.getResponseBody());
        assertEquals(3, received.size());
    }

    @Test
    void aStatusThatIsNotRetryableIsAnsweredAtOnce() throws IOException {
        startCollector(400, 200);

        assertEquals(400, send(sender(endpoint(), THREE_ATTEMPTS, null)).response.get().getStatusCode());

        assertEquals(1, received.size());
        assertTrue(pauses.isEmpty());
    }

    @Test
    void noRetryOutlastsTheTimeout() throws IOException {
        startCollector(503, 200);
        Sent sent = send(new UrlConnectionSender(config(endpoint(), THREE_ATTEMPTS, null, Duration.ofMillis(500)), this::pause));

        assertEquals(503, sent.response.get().getStatusCode(), "a 1 s backoff does not fit a 500 ms export");
        assertTrue(pauses.isEmpty());
    }

    @Test
    void aCollectorNotListeningIsTriedAgainThenReportedAsAnError() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Sent sent = send(sender(URI.create("http://127.0.0.1:" + closedPort + "/v1/traces"), THREE_ATTEMPTS, null));

        assertInstanceOf(ConnectException.class, sent.error.get());
        assertNull(sent.response.get());
        assertEquals(2, pauses.size());
    }

    @Test
    void aConnectionTheCollectorDropsWithoutAnAnswerIsTriedAgain() throws IOException {
        startCollector(DROP, 200);

        Sent sent = send(sender(endpoint(), THREE_ATTEMPTS, null));

        assertEquals(200, sent.response.get().getStatusCode());
        assertEquals(2, received.size());
        assertEquals(1, pauses.size());
    }

    @Test
    void anAnswerLongerThanTheCapIsAnErrorNotTriedAgain() throws IOException {
        answerBody = new byte[4096];
        startCollector(200);
        HttpSenderConfig capped = new TestConfig(endpoint(), THREE_ATTEMPTS, null, Duration.ofSeconds(5), 1024);

        Sent sent = send(new UrlConnectionSender(capped, this::pause));

        assertTrue(sent.error.get().getMessage().contains("longer than 1024 bytes"), sent.error.get().getMessage());
        assertEquals(1, received.size(), "the export reached the collector: sending it again would count it twice");
    }

    private boolean pause(long nanos) {
        pauses.add(nanos);
        return true;
    }

    private record Sent(AtomicReference<HttpResponse> response, AtomicReference<Throwable> error) {}

    private static Sent send(UrlConnectionSender sender) {
        Sent sent = new Sent(new AtomicReference<>(), new AtomicReference<>());
        sender.send(new MessageWriter() {
            @Override
            public void writeMessage(OutputStream out) throws IOException {
                out.write(PAYLOAD);
            }

            @Override
            public int getContentLength() {
                return PAYLOAD.length;
            }
        }, sent.response::set, sent.error::set);
        return sent;
    }

    private UrlConnectionSender sender(URI endpoint, RetryPolicy retries, Compressor compressor) {
        return new UrlConnectionSender(config(endpoint, retries, compressor, Duration.ofSeconds(30)), this::pause);
    }

    private static HttpSenderConfig config(URI endpoint, RetryPolicy retries, Compressor compressor, Duration timeout) {
        return new TestConfig(endpoint, retries, compressor, timeout, 4 << 20);
    }

    private URI endpoint() {
        return URI.create("http://127.0.0.1:" + collector.getAddress().getPort() + "/v1/traces");
    }

    /** Answers each request with the next status given, the last one for every request after. */
    private void startCollector(int... answers) throws IOException {
        for (int status : answers.length == 0 ? new int[] {200} : answers) {
            statuses.add(status);
        }
        collector = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        collector.createContext("/v1/traces", this::answer);
        collector.start();
    }

    private void answer(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        synchronized (received) {
            received.add(new Received(exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Content-Encoding"),
                    exchange.getRequestHeaders().getFirst("X-Tenant"), body, exchange.getRemoteAddress().getPort()));
        }
        int status = statuses.size() > 1 ? statuses.poll() : statuses.peek();
        if (status == DROP) {
            exchange.close();
            return;
        }
        if (retryAfter != null) {
            exchange.getResponseHeaders().add("Retry-After", retryAfter);
        }
        exchange.sendResponseHeaders(status, answerBody.length == 0 ? -1 : answerBody.length);
        if (answerBody.length > 0) {
            exchange.getResponseBody().write(answerBody);
        }
        exchange.close();
    }

    /** The exporter's settings the sender reads; the rest as an exporter left at its defaults gives them. */
    private record TestConfig(URI getEndpoint, RetryPolicy getRetryPolicy, Compressor getCompressor, Duration getTimeout,
            long getMaxResponseBodySize) implements HttpSenderConfig {

        @Override
        public String getContentType() {
            return "application/x-protobuf";
        }

        @Override
        public Duration getConnectTimeout() {
            return Duration.ofSeconds(5);
        }

        @Override
        public Supplier<Map<String, List<String>>> getHeadersSupplier() {
            return () -> Map.of("X-Tenant", List.of("acme"));
        }

        @Override
        public ProxyOptions getProxyOptions() {
            return null;
        }

        @Override
        public SSLContext getSslContext() {
            return null;
        }

        @Override
        public X509TrustManager getTrustManager() {
            return null;
        }

        @Override
        public ExecutorService getExecutorService() {
            return null;
        }
    }
}
