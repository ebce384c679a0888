package io.llmfailover.benchmarks.load;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadTallyTest {

    private static ThreadTimes.Thread thread(String name, long user, long system, long voluntary) {
        return new ThreadTimes.Thread(name, new ThreadTimes.Ticks(user, system), voluntary, 0);
    }

    @Test
    void threadsAreGroupedByNameAndWhatExitedThreadsSpentIsTheProcesssRest() {
        ThreadTimes before = new ThreadTimes(Map.of(
                1L, thread("HttpClient-1-Wo", 100, 200, 10),
                2L, thread("HttpClient-1-Wo", 50, 50, 5),
                3L, thread("caller-0", 10, 10, 1)), new ThreadTimes.Ticks(1_000, 1_000));
        ThreadTimes after = new ThreadTimes(Map.of(
                1L, thread("HttpClient-1-Wo", 110, 230, 30), // +10 user, +30 system, +20 switches
                2L, thread("HttpClient-2-Wo", 60, 50, 15), // renamed; +10 user, +10 switches
                4L, thread("telemetry", 5, 0, 1)), // new in the block
                new ThreadTimes.Ticks(1_100, 1_050)); // +100 user, +50 system
        ThreadTally tally = new ThreadTally();

        tally.add(before, after, 1_000, 1_000_000_000L);
        String table = tally.describe("agent", 2_000);

        // 1,000 calls: a tick is 10 ms, 10 us per call.
        assertTrue(table.contains("1000 calls, 1000 calls/s (x0.50 of no agent)"), table);
        assertTrue(table.matches("(?s).*HttpClient-N-Wo\\s+200\\.00\\s+300\\.00\\s+500\\.00\\s+0\\.030.*"), table);
        assertTrue(table.matches("(?s).*telemetry\\s+50\\.00\\s+0\\.00\\s+50\\.00\\s+0\\.001.*"), table);
        // The process: +100 user, +50 system; live threads: +25 user, +30 system; the rest exited.
        assertTrue(table.matches("(?s).*threads that exited[^\\n]*\\s+750\\.00\\s+200\\.00\\s+950\\.00.*"), table);
        assertTrue(table.matches("(?s).*the whole JVM\\s+1000\\.00\\s+500\\.00\\s+1500\\.00.*"), table);
    }
}
