package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the same block of work on each arm's app in turn, round after round, so that whatever the
 * machine does meanwhile (other processes, frequency changes, the JIT) hits every arm alike. Rounds
 * warm up (at least one, not kept) until the warm-up time is spent; then rounds go on until the
 * measured time is spent. Each round starts with a different arm, so none always runs first.
 */
final class Alternation {

    /** The command for one block; {@code measured} is false during warm-up. */
    interface Block {
        Command command(Arm arm, boolean measured, int round);
    }

    private static final int MAX_ROUNDS = 10_000;
    private static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(3);

    private final Map<Arm, DrivenApp> apps;

    Alternation(Map<Arm, DrivenApp> apps) {
        this.apps = apps;
    }

    /** @return each arm's answers to its measured blocks */
    Map<Arm, List<Command>> run(List<Arm> arms, Block block, Duration warmup, Duration measured) throws IOException {
        Map<Arm, List<Command>> answers = new LinkedHashMap<>();
        arms.forEach(arm -> answers.put(arm, new ArrayList<>()));
        long warmupEnd = System.nanoTime() + warmup.toNanos();
        boolean measuring = false;
        long measureStart = 0;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            if (!measuring && round > 0 && System.nanoTime() - warmupEnd >= 0) {
                measuring = true;
                measureStart = System.nanoTime();
            } else if (measuring && System.nanoTime() - measureStart >= measured.toNanos()) {
                break;
            }
            for (int i = 0; i < arms.size(); i++) {
                Arm arm = arms.get((round + i) % arms.size());
                Command answer = apps.get(arm).ask(block.command(arm, measuring, round), BLOCK_TIMEOUT);
                if (measuring) {
                    answers.get(arm).add(answer);
                }
            }
        }
        return answers;
    }
}
