package io.llmfailover.benchmarks.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The app under load, one long-lived child JVM per arm (without the agent, with it, ...): an
 * ordinary app calling OpenAI-compatible endpoints through the JDK's HttpClient or OkHttp. It knows
 * nothing of the agent; on a 5xx it retries the fallback URL it was given itself, which is what an
 * app without the agent has to do (with the agent it never sees the 5xx).
 *
 * <p>It reads one {@link Command} a line on standard input and answers each with one {@code RESULT}
 * line on standard output, so that the benchmark can alternate short blocks between arms:
 * <ul>
 *   <li>{@code sequential client=jdk|okhttp url=U fallback=U|- stream=B calls=N id=P}: N calls one
 *       at a time; answers every latency (before send to body read) and time to first token, in ns.
 *   <li>{@code closed client=jdk url=U callers=N millis=M id=P}: N callers in a closed loop for M ms;
 *       answers the calls, the time, and the bytes allocated by every thread of the JVM.
 *   <li>{@code quit}.
 * </ul>
 */
public final class LoadApp {

    /** Every answer's field: the JVM's total compilation time so far, in ms (warm-ups last until it stops growing). */
    static final String JIT_MILLIS = "jitMillis";

    private static final String NO_FALLBACK = "-";
    private static final AtomicLong ERRORS_REPORTED = new AtomicLong();
    /** Calls the app retried itself on a 5xx: with the agent governing them, there are none. */
    private static final AtomicLong OWN_RETRIES = new AtomicLong();

    private final Map<String, ChatClient> clients = new HashMap<>();

    public static void main(String[] args) throws IOException {
        LoadApp app = new LoadApp();
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("READY java=" + System.getProperty("java.runtime.version"));
        for (String line; (line = commands.readLine()) != null && !line.startsWith("quit"); ) {
            String answer;
            try {
                answer = app.execute(Command.parse(line)).with(JIT_MILLIS, jitMillis()).encode();
            } catch (Exception e) {
                answer = "FAILED " + e.toString().replace('\n', ' ');
            }
            System.out.println(answer);
            System.out.flush();
        }
    }

    private Command execute(Command command) throws InterruptedException {
        return switch (command.verb()) {
            case "sequential" -> sequential(command);
            case "closed" -> closedLoop(command);
            default -> throw new IllegalArgumentException("unknown command " + command.verb());
        };
    }

    private static long jitMillis() {
        return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    /** The client is made on first use, so an arm that never uses OkHttp never loads it. */
    private ChatClient client(String name) {
        return clients.computeIfAbsent(name, key -> switch (key) {
            case "jdk" -> new JdkChatClient();
            case "okhttp" -> new OkHttpChatClient();
            default -> throw new IllegalArgumentException("unknown client " + key);
        });
    }

    private Command sequential(Command command) throws InterruptedException {
        ChatClient client = client(command.get("client"));
        String url = command.get("url");
        String fallback = command.getOrDefault("fallback", NO_FALLBACK);
        boolean stream = Boolean.parseBoolean(command.getOrDefault("stream", "false"));
        long calls = command.number("calls");
        String id = command.get("id");
        SampleLog latencies = new SampleLog();
        SampleLog firstTokens = new SampleLog();
        long errors = 0;
        long retriesBefore = OWN_RETRIES.get();
        CpuClock cpu = CpuClock.start();
        for (long i = 0; i < calls; i++) {
            long started = System.nanoTime();
            ChatClient.Answer answer = callWithOwnRetry(client, url, fallback, id + "-" + i, stream);
            long took = System.nanoTime() - started;
            if (answer == null || answer.status() != 200 || (stream && answer.firstTokenAt() == ChatClient.Answer.NO_TOKEN)) {
                errors++;
                continue;
            }
            latencies.add(took);
            if (stream) {
                firstTokens.add(answer.firstTokenAt() - started);
            }
        }
        return Command.of("RESULT").with("calls", latencies.size()).with("errors", errors)
                .with("callerCpu", cpu.callerNanos()).with("processCpu", cpu.processNanos())
                .with("ownRetries", OWN_RETRIES.get() - retriesBefore)
                .with("latency", latencies.csv()).with("ttft", firstTokens.csv());
    }

    /** @return the answer, or null when the call threw (reported once on standard error) */
    private static ChatClient.Answer callWithOwnRetry(ChatClient client, String url, String fallback, String id,
            boolean stream) throws InterruptedException {
        try {
            ChatClient.Answer answer = client.call(url, id, stream);
            if (answer.status() >= 500 && !NO_FALLBACK.equals(fallback)) {
                OWN_RETRIES.incrementAndGet();
                answer = client.call(fallback, id, stream);
            }
            if (answer.status() != 200) {
                reportFirstErrors("HTTP " + answer.status() + " from " + url);
            }
            return answer;
        } catch (IOException | RuntimeException e) {
            reportFirstErrors(e.toString());
            return null;
        }
    }

    private Command closedLoop(Command command) throws InterruptedException {
        ChatClient client = client(command.get("client"));
        int callerCount = (int) command.number("callers");
        long end = System.nanoTime() + command.number("millis") * 1_000_000;
        CountDownLatch finished = new CountDownLatch(callerCount);
        CountDownLatch released = new CountDownLatch(1);
        Map<Long, Long> allocatedAtStart = allocatedBytesByThread();
        long started = System.nanoTime();
        List<ClosedLoopCaller> callers = new ArrayList<>();
        for (int i = 0; i < callerCount; i++) {
            ClosedLoopCaller caller = new ClosedLoopCaller(client, command.get("url"), command.get("id") + "-" + i, end,
                    finished, released);
            callers.add(caller);
            caller.start();
        }
        finished.await();
        long elapsed = System.nanoTime() - started;
        long allocated = allocatedSince(allocatedAtStart);
        released.countDown();
        long calls = 0;
        long errors = 0;
        for (ClosedLoopCaller caller : callers) {
            caller.join();
            calls += caller.calls;
            errors += caller.errors;
        }
        return Command.of("RESULT").with("calls", calls).with("errors", errors).with("nanos", elapsed)
                .with("allocated", allocated);
    }

    /** One caller of a closed loop: sends again as soon as it has read an answer, until the end. */
    private static final class ClosedLoopCaller extends Thread {
        private final ChatClient client;
        private final String url;
        private final String id;
        private final long end;
        private final CountDownLatch finished;
        private final CountDownLatch released;
        long calls;
        long errors;

        ClosedLoopCaller(ChatClient client, String url, String id, long end, CountDownLatch finished,
                CountDownLatch released) {
            super("caller-" + id);
            this.client = client;
            this.url = url;
            this.id = id;
            this.end = end;
            this.finished = finished;
            this.released = released;
        }

        @Override
        public void run() {
            try {
                for (long sequence = 0; System.nanoTime() - end < 0; sequence++) {
                    ChatClient.Answer answer = callWithOwnRetry(client, url, NO_FALLBACK, id + "-" + sequence, false);
                    if (answer != null && answer.status() == 200) {
                        calls++;
                    } else {
                        errors++;
                    }
                }
            } catch (InterruptedException e) {
                return;
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

    private static void reportFirstErrors(String what) {
        if (ERRORS_REPORTED.getAndIncrement() < 3) {
            System.err.println("load app: a call failed: " + what);
        }
    }
}
