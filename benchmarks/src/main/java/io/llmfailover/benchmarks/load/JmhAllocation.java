package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtime's own cost of a pass-through call, without the network: JMH's
 * {@code GatewayBenchmark.passThrough} with the GC profiler, in a JVM of its own, briefly. Its
 * {@code gc.alloc.rate.norm} is the bytes allocated per call.
 */
final class JmhAllocation {

    /** @param bytesPerCall gc.alloc.rate.norm; @param nanosPerCall the benchmark's average time */
    record Figures(double bytesPerCall, double nanosPerCall) {}

    private static final String BENCHMARK = "GatewayBenchmark.passThrough";

    private JmhAllocation() {}

    static Figures measure(ChildProcess children, Path jmhJar, boolean quick) throws IOException, InterruptedException {
        Path csv = children.workDir().resolve("jmh-pass-through.csv");
        List<String> iterations = quick
                ? List.of("-wi", "1", "-i", "1")
                : List.of("-wi", "2", "-i", "3");
        List<String> arguments = new ArrayList<>(List.of("-jar", jmhJar.toString(), BENCHMARK + "$",
                "-prof", "gc", "-f", "1", "-w", "1s", "-r", "1s", "-rf", "csv", "-rff", csv.toString()));
        arguments.addAll(iterations);
        ChildProcess.Exit exit = children.runJava(arguments, "JMH " + BENCHMARK, Duration.ofMinutes(3));
        if (exit.code() != 0 || !Files.isRegularFile(csv)) {
            throw new IOException("JMH failed (exit " + exit.code() + "):\n" + exit.stdout() + exit.stderr());
        }
        return parse(Files.readAllLines(csv, StandardCharsets.UTF_8));
    }

    /** JMH's CSV: "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit", one row per figure. */
    static Figures parse(List<String> lines) {
        double bytes = Double.NaN;
        double nanos = Double.NaN;
        for (String line : lines) {
            String[] cells = line.replace("\"", "").split(",");
            if (cells.length < 7 || !cells[0].contains(BENCHMARK)) {
                continue;
            }
            double score = Double.parseDouble(cells[4]);
            if (cells[0].endsWith("gc.alloc.rate.norm")) {
                bytes = score;
            } else if (cells[0].endsWith(BENCHMARK)) {
                nanos = score;
            }
        }
        return new Figures(bytes, nanos);
    }
}
