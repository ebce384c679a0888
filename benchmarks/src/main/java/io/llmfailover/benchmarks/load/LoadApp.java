package io.llmfailover.benchmarks.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client workload, run in a child JVM with and without the agent: an ordinary app calling an
 * OpenAI-compatible endpoint with the JDK's {@link HttpClient}, from a fixed number of threads.
 * It knows nothing of the agent; on a 5xx it retries the phase's fallback URL itself, which is what
 * an app without the agent would have to do (with the agent it never sees the 5xx).
 *
 * <p>Args: a run label (put in every call's {@code x-bench-call} header, so the stubs can pair the
 * attempts of one call), then one {@link Phase} per argument. Prints one {@code PHASE} line each.
 */
public final class LoadApp {

    static final String CALL_HEADER = "x-bench-call";

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final String label;

    private LoadApp(String label) {
        this.label = label;
    }

    public static void main(String[] args) throws Exception {
        LoadApp app = new LoadApp(args[0]);
        for (int i = 1; i < args.length; i++) {
            System.out.println(app.run(Phase.decode(args[i])));
        }
        System.out.flush();
    }

    private String run(Phase phase) throws InterruptedException {
        long measureStart = System.nanoTime() + phase.warmupMillis() * 1_000_000;
        long end = measureStart + phase.measureMillis() * 1_000_000;
        CountDownLatch finished = new CountDownLatch(phase.callers());
        CountDownLatch released = new CountDownLatch(1);
        List<Caller> callers = new ArrayList<>();
        for (int i = 0; i < phase.callers(); i++) {
            Caller caller = new Caller(phase, i, measureStart, end, finished, released);
            callers.add(caller);
            caller.start();
        }
        Thread.sleep(Math.max(0, (measureStart - System.nanoTime()) / 1_000_000));
        Map<Long, Long> allocatedAtStart = allocatedBytesByThread();
        long started = System.nanoTime();
        finished.await();
        long elapsed = System.nanoTime() - started;
        long allocated = allocatedSince(allocatedAtStart);
        released.countDown();
        for (Caller caller : callers) {
            caller.join();
        }
        return report(phase, callers, elapsed, allocated);
    }

    private static String report(Phase phase, List<Caller> callers, long elapsedNanos, long allocated) {
        List<SampleLog> latencies = new ArrayList<>();
        List<SampleLog> firstTokens = new ArrayList<>();
        long errors = 0;
        for (Caller caller : callers) {
            latencies.add(caller.latencies);
            firstTokens.add(caller.firstTokens);
            errors += caller.errors;
        }
        Percentiles latency = new Percentiles(SampleLog.merged(latencies));
        Percentiles firstToken = new Percentiles(SampleLog.merged(firstTokens));
        return "PHASE name=" + phase.name()
                + " calls=" + latency.count()
                + " errors=" + errors
                + " seconds=" + elapsedNanos / 1e9
                + " latency=" + latency.micros(50) + "," + latency.micros(99) + "," + latency.micros(99.9)
                + " ttft=" + firstToken.micros(50) + "," + firstToken.micros(99) + "," + firstToken.micros(99.9)
                + " allocated=" + allocated;
    }

    /** Bytes allocated by every live thread: the app's callers, its client's threads, and the agent's. */
    private static Map<Long, Long> allocatedBytesByThread() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] ids = threads.getAllThreadIds();
        long[] bytes = threads.getThreadAllocatedBytes(ids);
        Map<Long, Long> byThread = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) {
                byThread.put(ids[i], bytes[i]);
            }
        }
        return byThread;
    }

    private static long allocatedSince(Map<Long, Long> before) {
        long total = 0;
        for (Map.Entry<Long, Long> now : allocatedBytesByThread().entrySet()) {
            total += now.getValue() - before.getOrDefault(now.getKey(), 0L);
        }
        return total;
    }

    /** One caller thread: calls until the end of the phase, recording the measured calls. */
    private final class Caller extends Thread {
        private final Phase phase;
        private final int number;
        private final long measureStart;
        private final long end;
        private final CountDownLatch finished;
        private final CountDownLatch released;
        final SampleLog latencies = new SampleLog();
        final SampleLog firstTokens = new SampleLog();
        long errors;
        private final AtomicLong sequence = new AtomicLong();

        Caller(Phase phase, int number, long measureStart, long end, CountDownLatch finished, CountDownLatch released) {
            super("caller-" + number);
            this.phase = phase;
            this.number = number;
            this.measureStart = measureStart;
            this.end = end;
            this.finished = finished;
            this.released = released;
        }

        @Override
        public void run() {
            try {
                callUntilTheEnd();
            } finally {
                finished.countDown();
            }
            try {
                // Alive until the allocation counters were read: a dead thread's bytes are not reported.
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void callUntilTheEnd() {
            while (true) {
                long started = System.nanoTime();
                if (started - end >= 0) {
                    return;
                }
                boolean measured = started - measureStart >= 0;
                String id = label + "-" + phase.name() + (measured ? "-m-" : "-w-") + number + "-"
                        + sequence.incrementAndGet();
                long firstToken = -1;
                boolean ok;
                try {
                    firstToken = phase.stream() ? stream(id, started) : complete(id);
                    ok = firstToken != Long.MIN_VALUE;
                } catch (IOException | RuntimeException e) {
                    ok = false;
                    reportFirstError(e.toString());
                } catch (InterruptedException e) {
                    return;
                }
                long took = System.nanoTime() - started;
                if (measured) {
                    latencies.add(took);
                    if (phase.stream() && ok) {
                        firstTokens.add(firstToken);
                    }
                    if (!ok) {
                        errors++;
                    }
                }
                if (!think()) {
                    return;
                }
            }
        }

        private boolean think() {
            if (phase.thinkMillis() <= 0) {
                return true;
            }
            try {
                Thread.sleep(phase.thinkMillis());
                return true;
            } catch (InterruptedException e) {
                return false;
            }
        }

        /** @return 0, or Long.MIN_VALUE when the call failed */
        private long complete(String id) throws IOException, InterruptedException {
            HttpResponse<String> response = http.send(request(phase.url(), id, false), BodyHandlers.ofString());
            if (response.statusCode() >= 500 && phase.hasFallback()) {
                response = http.send(request(phase.fallbackUrl(), id, false), BodyHandlers.ofString());
            }
            return succeeded(response.statusCode(), response.body()) ? 0 : Long.MIN_VALUE;
        }

        /** @return the nanoseconds from the call's start to its first token, or Long.MIN_VALUE when it failed */
        private long stream(String id, long started) throws IOException, InterruptedException {
            HttpResponse<InputStream> response = http.send(request(phase.url(), id, true), BodyHandlers.ofInputStream());
            if (response.statusCode() >= 500 && phase.hasFallback()) {
                response.body().close();
                response = http.send(request(phase.fallbackUrl(), id, true), BodyHandlers.ofInputStream());
            }
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                if (response.statusCode() != 200) {
                    succeeded(response.statusCode(), lines.readLine());
                    return Long.MIN_VALUE;
                }
                long firstToken = Long.MIN_VALUE;
                for (String line; (line = lines.readLine()) != null; ) {
                    if (firstToken == Long.MIN_VALUE && hasContent(line)) {
                        firstToken = System.nanoTime() - started;
                    }
                }
                return firstToken;
            }
        }
    }

    private static boolean hasContent(String line) {
        int content = line.indexOf("\"content\":\"");
        return line.startsWith("data:") && content >= 0 && line.charAt(content + 11) != '"';
    }

    private static boolean succeeded(int status, String body) {
        if (status == 200) {
            return true;
        }
        reportFirstError("HTTP " + status + ": " + body);
        return false;
    }

    private static final AtomicLong ERRORS_REPORTED = new AtomicLong();

    private static void reportFirstError(String what) {
        if (ERRORS_REPORTED.getAndIncrement() < 3) {
            System.err.println("load app: a call failed: " + what);
        }
    }

    private static HttpRequest request(String url, String id, boolean stream) {
        String body = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"system\",\"content\":\"You are terse.\"},"
                + "{\"role\":\"user\",\"content\":\"What is the capital of France? Answer in one word.\"}],"
                + "\"temperature\":0.2,\"max_tokens\":64,\"stream\":" + stream + "}";
        return HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer sk-bench-app-key")
                .header("Content-Type", "application/json")
                .header(CALL_HEADER, id)
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }
}
