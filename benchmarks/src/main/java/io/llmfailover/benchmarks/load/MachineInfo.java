package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the figures were measured on, from /proc, so that a results table always says it. */
final class MachineInfo {

    private MachineInfo() {}

    static String describe(String childJava) {
        return "CPU: " + cpuModel() + ", " + cores() + " cores visible; memory: "
                + memoryTotal() + "; load average at start: " + loadAverage() + "; JDK of the apps: " + childJava;
    }

    private static String cpuModel() {
        return lines("/proc/cpuinfo").stream()
                .filter(line -> line.startsWith("model name"))
                .map(line -> line.substring(line.indexOf(':') + 1).trim())
                .findFirst().orElse("unknown");
    }

    private static String memoryTotal() {
        return lines("/proc/meminfo").stream()
                .filter(line -> line.startsWith("MemTotal:"))
                .map(line -> String.format("%.1f GB", Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0))
                .findFirst().orElse("unknown");
    }

    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    static String loadAverage() {
        List<String> lines = lines("/proc/loadavg");
        if (lines.isEmpty()) {
            return "unknown";
        }
        String[] fields = lines.get(0).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    /**
     * A sentence for the results when the machine was busy at the start (a one-minute load average
     * above the number of cores), or an empty string.
     */
    static String busyWarning() {
        List<String> lines = lines("/proc/loadavg");
        if (lines.isEmpty()) {
            return "";
        }
        double oneMinute = Double.parseDouble(lines.get(0).split(" ")[0]);
        return oneMinute <= cores() ? "" : String.format(java.util.Locale.ROOT, "The machine was busy with other work"
                + " (load average %.1f on %d cores): every figure is inflated, the agent's arms most; re-run on a quiet"
                + " machine before reading them against the targets.", oneMinute, cores());
    }

    private static List<String> lines(String path) {
        try {
            return Files.readAllLines(Path.of(path));
        } catch (IOException e) {
            return List.of();
        }
    }
}
