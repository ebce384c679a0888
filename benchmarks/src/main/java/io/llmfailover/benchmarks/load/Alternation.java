package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the same block of work on each arm's app in turn, round after round, so that whatever the
 * machine does meanwhile (other processes, frequency changes) hits every arm alike. Rounds warm up
 * (at least one, not kept) until the warm-up time is spent and the JIT has settled in every arm: a
 * round in which no app compiled for more than {@link #SETTLED_JIT_MILLIS}, since an arm whose
 * compiler threads still run (the agent's arm has more code to compile) slows every arm on two
 * cores, the agent's most; at most {@link #MAX_EXTRA_WARMUP} more. Then rounds go on until the
 * measured time is spent. Each round starts with a different arm, so none always runs first.
 */
final class Alternation {

    /** The command for one block; {@code measured} is false during warm-up. */
    interface Block {
        Command command(Arm arm, boolean measured, int round);
    }

    /** Compilation time per app and round below which its JIT counts as settled. */
    static final long SETTLED_JIT_MILLIS = 10;
    /** How much longer than asked a warm-up may go on for the JIT to settle. */
    static final Duration MAX_EXTRA_WARMUP = Duration.ofSeconds(60);

    /** How one block is run on its app: asked and answered, and whatever the caller measures around it. */
    interface BlockRunner {
        Command run(DrivenApp app, Command block) throws IOException;
    }

    static final Duration BLOCK_TIMEOUT = Duration.ofMinutes(3);
    private static final int MAX_ROUNDS = 10_000;

    private final Map<Arm, DrivenApp> apps;
    private final BlockRunner runner;
    private Duration lastWarmup = Duration.ZERO;
    private boolean lastSettled = true;

    Alternation(Map<Arm, DrivenApp> apps) {
        this(apps, (app, block) -> app.ask(block, BLOCK_TIMEOUT));
    }

    Alternation(Map<Arm, DrivenApp> apps, BlockRunner runner) {
        this.apps = apps;
        this.runner = runner;
    }

    /** @return each arm's answers to its measured blocks */
    Map<Arm, List<Command>> run(List<Arm> arms, Block block, Duration warmup, Duration measured) throws IOException {
        Map<Arm, List<Command>> answers = new LinkedHashMap<>();
        arms.forEach(arm -> answers.put(arm, new ArrayList<>()));
        long started = System.nanoTime();
        long warmupEnd = started + warmup.toNanos();
        long warmupCap = warmupEnd + MAX_EXTRA_WARMUP.toNanos();
        Map<Arm, Long> jitMillis = new HashMap<>();
        boolean measuring = false;
        boolean settled = false;
        long measureStart = 0;
        for (int round = 0; round < MAX_ROUNDS; round++) {
            long now = System.nanoTime();
            if (!measuring && round > 0 && now - warmupEnd >= 0 && (settled || now - warmupCap >= 0)) {
                measuring = true;
                measureStart = now;
                lastWarmup = Duration.ofNanos(now - started);
                lastSettled = settled;
            } else if (measuring && now - measureStart >= measured.toNanos()) {
                break;
            }
            settled = true;
            for (int i = 0; i < arms.size(); i++) {
                Arm arm = arms.get((round + i) % arms.size());
                Command answer = runner.run(apps.get(arm), block.command(arm, measuring, round));
                settled &= compiledLittle(jitMillis, arm, answer);
                if (measuring) {
                    answers.get(arm).add(answer);
                }
            }
        }
        return answers;
    }

    /** How long the last run's warm-up took. */
    Duration lastWarmup() {
        return lastWarmup;
    }

    /** Whether the last run's JIT settled before the warm-up's cap. */
    boolean lastSettled() {
        return lastSettled;
    }

    /** Whether the app compiled for at most {@link #SETTLED_JIT_MILLIS} since its last answer (false on its first). */
    private static boolean compiledLittle(Map<Arm, Long> jitMillis, Arm arm, Command answer) {
        long now = answer.number(LoadApp.JIT_MILLIS);
        Long before = jitMillis.put(arm, now);
        return before != null && now - before <= SETTLED_JIT_MILLIS;
    }
}
