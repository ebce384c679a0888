package io.llmfailover.benchmarks.load;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a call's CPU goes, thread by thread: one app making calls one at a time, then its CPU per
 * call on the calling thread, in the whole JVM and in each group of threads (the client's selector
 * and workers, OkHttp's task runner...). Run by {@code benchmarks/cpu-per-call.sh}, with and without
 * the agent in turn, and under {@code perf} when asked: the profile that names the agent's own
 * methods, which a sampler of Java threads alone misses (it sees no thread in a system call).
 *
 * <pre>
 *   CallCpu stub FILE                          loopback stub providers; the base URLs of the one that
 *                                              answers, the one that answers 503 and the backup written
 *                                              to FILE, a line each
 *   CallCpu calls CLIENT WARM MEASURED URL [READY_FILE]
 *                                              WARM calls, then (the pid written to READY_FILE) MEASURED
 *                                              calls, and one line of figures; with -Dbackup=URL a 503
 *                                              is retried once there, the app's own failover
 * </pre>
 */
public final class CallCpu {

    private CallCpu() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("stub")) {
            StubProviders stubs = new StubProviders(0);
            Files.writeString(Path.of(args[1]), String.join("\n", stubs.baseUrl(StubProviders.Name.HAPPY),
                    stubs.baseUrl(StubProviders.Name.FLAKY), stubs.baseUrl(StubProviders.Name.BACKUP)));
            Thread.sleep(Long.MAX_VALUE);
        }
        ChatClient client = args[1].equals("jdk") ? new JdkChatClient() : new OkHttpChatClient();
        int warm = Integer.parseInt(args[2]);
        int measured = Integer.parseInt(args[3]);
        String url = args[4] + "/chat/completions";
        String backup = System.getProperty("backup");
        for (int i = 0; i < warm; i++) {
            call(client, url, backup, "w-" + i);
        }
        if (args.length > 5) {
            Files.writeString(Path.of(args[5]), Long.toString(ProcessHandle.current().pid()));
        }
        Map<String, Long> threadsBefore = cpuByThreadGroup();
        CpuClock cpu = CpuClock.start();
        long[] wall = new long[measured];
        for (int i = 0; i < measured; i++) {
            long started = System.nanoTime();
            call(client, url, backup, "m-" + i);
            wall[i] = System.nanoTime() - started;
        }
        long caller = cpu.callerNanos();
        long process = cpu.processNanos();
        Arrays.sort(wall);
        StringBuilder groups = new StringBuilder();
        cpuByThreadGroup().forEach((group, nanos) -> {
            double perCall = (nanos - threadsBefore.getOrDefault(group, 0L)) / 1000.0 / measured;
            if (perCall >= 0.1) {
                groups.append(String.format(", %s %.1f", group, perCall));
            }
        });
        System.out.printf("%-10s %s: wall p50 %.1f us; CPU per call (us): caller %.1f, whole JVM %.1f%s%n",
                System.getProperty("arm", "?"), args[1], wall[measured / 2] / 1000.0, caller / 1000.0 / measured,
                process / 1000.0 / measured, groups);
        System.exit(0);
    }

    /** One call; a 503 retried once on the backup when there is one, as an app without the agent would. */
    private static void call(ChatClient client, String url, String backup, String id) throws Exception {
        if (client.call(url, id, false).status() == 503 && backup != null) {
            client.call(backup + "/chat/completions", id, false);
        }
    }

    /** CPU so far by thread name, numbers taken out ("HttpClient-1-Worker-3" counts as "HttpClient-Worker"). */
    private static Map<String, Long> cpuByThreadGroup() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> byGroup = new TreeMap<>();
        for (long id : threads.getAllThreadIds()) {
            ThreadInfo info = threads.getThreadInfo(id);
            long nanos = threads.getThreadCpuTime(id);
            if (info != null && nanos >= 0) {
                String group = info.getThreadName().replaceAll("-\\d+-", "-").replaceAll("[-#\\d]+$", "");
                byGroup.merge(group, nanos, Long::sum);
            }
        }
        return byGroup;
    }
}
