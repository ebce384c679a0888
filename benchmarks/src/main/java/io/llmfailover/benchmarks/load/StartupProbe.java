package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The agent's start-up cost on a hello-world app ({@link HelloApp}, {@link SdkHelloApp}): whole-process wall time (JVM start to exit) and
 * resident memory at the end of main, the median of several runs, with and without the agent
 * interleaved so that a slow moment of the machine hits both alike. For a run with the agent it
 * also notes whether the collector received traces while it ran (the agent exports at exit).
 */
final class StartupProbe {

    /** Medians over the runs of one variant; {@code exported} counts the runs after which the sink had new traces. */
    record Startup(double wallMillis, double residentMegabytes, String javaVersion, int runs, int exported) {}

    private final ChildProcess children;
    private final int runs;
    private final int sinkPort;

    StartupProbe(ChildProcess children, int runs, int sinkPort) {
        this.children = children;
        this.runs = runs;
        this.sinkPort = sinkPort;
    }

    /** @return [without the agent, with it] */
    Startup[] measure(Arm agent, Class<?> app, List<String> appArgs) throws IOException, InterruptedException {
        List<ChildProcess.Exit> plain = new ArrayList<>();
        List<ChildProcess.Exit> withAgent = new ArrayList<>();
        int exported = 0;
        for (int i = 0; i < runs; i++) {
            boolean agentFirst = i % 2 == 1;
            if (!agentFirst) {
                plain.add(run(List.of(), app, appArgs));
            }
            SinkStats before = SinkStats.read(sinkPort);
            withAgent.add(run(agent.jvmOptions(), app, appArgs));
            if (SinkStats.read(sinkPort).since(before).traceRequests() > 0) {
                exported++;
            }
            if (agentFirst) {
                plain.add(run(List.of(), app, appArgs));
            }
        }
        return new Startup[] {summary(plain, 0), summary(withAgent, exported)};
    }

    private ChildProcess.Exit run(List<String> jvmOptions, Class<?> app, List<String> appArgs)
            throws IOException, InterruptedException {
        ChildProcess.Exit exit = children.run(jvmOptions, app, appArgs, Duration.ofSeconds(60));
        if (exit.code() != 0 || !exit.stdout().contains("HELLO ")) {
            throw new IOException("the hello-world app " + app.getSimpleName() + " failed (exit " + exit.code() + "):\n" + exit.stdout() + exit.stderr());
        }
        return exit;
    }

    private static Startup summary(List<ChildProcess.Exit> exits, int exported) {
        double[] wall = new double[exits.size()];
        double[] resident = new double[exits.size()];
        String javaVersion = "";
        for (int i = 0; i < exits.size(); i++) {
            wall[i] = exits.get(i).wallNanos() / 1e6;
            String hello = exits.get(i).stdout().lines().filter(line -> line.startsWith("HELLO ")).findFirst().orElseThrow();
            resident[i] = Long.parseLong(field(hello, "rssKb")) / 1024.0;
            javaVersion = field(hello, "java");
        }
        return new Startup(median(wall), median(resident), javaVersion, exits.size(), exported);
    }

    private static String field(String line, String name) {
        for (String pair : line.split(" ")) {
            if (pair.startsWith(name + "=")) {
                return pair.substring(name.length() + 1);
            }
        }
        return "";
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
