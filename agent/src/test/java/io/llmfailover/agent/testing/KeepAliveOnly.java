package io.llmfailover.agent.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** A provider that holds a stream open with keep-alive comments only, and what the first-content deadline does to it. */
public final class KeepAliveOnly {

    private KeepAliveOnly() {}

    /** Answers with an event-stream head, then keep-alive comments until the client goes away. */
    public static void answer(HttpExchange exchange) throws IOException, InterruptedException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        while (true) {
            out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            Thread.sleep(20);
        }
    }

    /**
     * Aborts the response on a single timer thread, as the runtime's first-content deadline does,
     * while another thread reads its body: the abort must end the reader's stream and leave the
     * timer free for its next deadline (an abort that drained the stream would hold it forever).
     */
    public static void abortOnOneTimerThread(LlmResponse response) throws Exception {
        ExecutorService reader = Executors.newSingleThreadExecutor();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            CountDownLatch keepAliveSeen = new CountDownLatch(1);
            Future<?> reading = reader.submit(() -> {
                byte[] buffer = new byte[256];
                try (InputStream body = response.body()) {
                    while (body.read(buffer) >= 0) {
                        keepAliveSeen.countDown();
                    }
                } catch (IOException ended) {
                    // the abort ended the stream
                }
                return null;
            });
            assertTrue(keepAliveSeen.await(10, TimeUnit.SECONDS), "no keep-alive comment arrived");
            List<String> timerRan = new CopyOnWriteArrayList<>();
            timer.execute(() -> {
                response.abort();
                timerRan.add("abort");
            });
            Future<?> nextDeadline = timer.submit(() -> timerRan.add("next deadline"));

            nextDeadline.get(10, TimeUnit.SECONDS);
            assertEquals(List.of("abort", "next deadline"), timerRan);
            reading.get(10, TimeUnit.SECONDS);
        } finally {
            timer.shutdownNow();
            reader.shutdownNow();
        }
    }
}
