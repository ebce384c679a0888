package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The adapter uses a request's own timeout as the first-byte deadline only on JDKs where that
 * timeout ends when the head arrives: were it to cover the body there, a long stream would be cut.
 * This checks the running JDK does what the adapter believes of it.
 */
class RequestTimeoutScopeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    private final CountDownLatch headRead = new CountDownLatch(1);
    private HttpServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        // The head at once; the body only once the client has the head and the timeout has passed.
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream body = exchange.getResponseBody()) {
                body.flush();
                awaitHeadRead();
                body.write("data: late\n\n".getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        headRead.countDown();
        server.stop(0);
    }

    @Test
    void theRequestTimeoutEndsAtTheHeadExactlyWhereTheAdapterReliesOnIt() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/"))
                .timeout(TIMEOUT)
                .build();

        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        headRead.countDown();
        boolean bodyArrived;
        try (InputStream body = response.body()) {
            bodyArrived = new String(body.readAllBytes(), StandardCharsets.UTF_8).equals("data: late\n\n");
        } catch (IOException timedOut) {
            bodyArrived = false;
        }

        assertEquals(JdkHttpTransport.REQUEST_TIMEOUT_ENDS_AT_HEAD, bodyArrived,
                "JDK " + Runtime.version() + ": a body arriving after the request timeout "
                        + (bodyArrived ? "was read" : "was cut"));
    }

    /** Waits for the client to have the head, then for the timeout to pass, bounded. */
    private void awaitHeadRead() {
        try {
            if (headRead.await(5, TimeUnit.SECONDS)) {
                Thread.sleep(TIMEOUT.toMillis() * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
