package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A process's CPU and context switches, thread by thread, as Linux counts them in {@code /proc}:
 * user and system time (kernel work included, which a sampler of Java threads never sees) and the
 * times a thread gave up its core (voluntary: it blocked) or lost it (involuntary). A thread that
 * exited is in the process's total only.
 *
 * @param threads by thread id
 * @param processTicks user and system time of the whole process, exited threads included
 */
record ThreadTimes(Map<Long, Thread> threads, Ticks processTicks) {

    /** Linux reports CPU time in /proc in units of 1/100 s, whatever the kernel's own tick. */
    static final long MICROS_PER_TICK = 10_000;

    record Ticks(long user, long system) {
        Ticks minus(Ticks earlier) {
            return new Ticks(user - earlier.user, system - earlier.system);
        }
    }

    record Thread(String name, Ticks ticks, long voluntarySwitches, long involuntarySwitches) {}

    static ThreadTimes of(long pid) {
        Path process = Path.of("/proc", Long.toString(pid));
        Map<Long, Thread> threads = new HashMap<>();
        try (Stream<Path> tasks = Files.list(process.resolve("task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    threads.put(Long.parseLong(task.getFileName().toString()), thread(task));
                } catch (IOException exited) {
                    // gone between the listing and the read (no such file, or no such process): its time is the process's
                }
            }
            return new ThreadTimes(threads, ticks(Files.readString(process.resolve("stat"))));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + process + " (Linux only)", e);
        }
    }

    private static Thread thread(Path task) throws IOException {
        String stat = Files.readString(task.resolve("stat"));
        String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        long voluntary = 0;
        long involuntary = 0;
        for (String line : Files.readAllLines(task.resolve("status"))) {
            if (line.startsWith("voluntary_ctxt_switches:")) {
                voluntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                involuntary = Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return new Thread(name, ticks(stat), voluntary, involuntary);
    }

    /** utime and stime, the 14th and 15th fields of a stat line (the name, in parentheses, may hold spaces). */
    private static Ticks ticks(String stat) {
        List<String> fields = List.of(stat.substring(stat.lastIndexOf(')') + 2).split(" "));
        return new Ticks(Long.parseLong(fields.get(11)), Long.parseLong(fields.get(12)));
    }
}
