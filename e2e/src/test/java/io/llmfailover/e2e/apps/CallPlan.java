package io.llmfailover.e2e.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * What a child app does over time: {@code "3,pause:1200,2"} means three calls, a pause of 1200 ms,
 * then two more; {@code together:6:100} six calls at once, each on a thread of its own, started
 * 100 ms apart, each printing how long it took ({@code TOOK call=3 millis=2040}), all awaited. The pauses let a scenario outlast a breaker's open duration or a Retry-After
 * silence inside one JVM, where the agent's state lives. {@code jmx:forceOpen:primary} is an
 * operator at the JVM's JMX console between calls (see {@link OperatorConsole}); {@code prompt-size:40}
 * makes the calls after it ask another question, padded to that many characters ({@link
 * AppArgs#PROMPT_SIZE_PROPERTY}), in the apps that ask {@link ChatExchange#prompt()}.
 */
public final class CallPlan {

    /** One call of the app; its number counts from 1 across the whole plan. */
    @FunctionalInterface
    public interface Call {
        void make(int number) throws Exception;
    }

    /** A JVM option: after each call, print {@code CALL-TIME call=<n> millis=<how long the call took>}. */
    public static final String CALL_TIMES_PROPERTY = "e2e.call-times";

    /** How plans run on this thread start: as {@link #startOnThisThread} said, else from call 1 at once. */
    private static final ThreadLocal<ThreadStart> START = ThreadLocal.withInitial(() -> new ThreadStart(1, () -> {}));

    /** The number of a plan's first call, and what it waits for before making it. */
    private record ThreadStart(int firstNumber, Runnable beforeFirstCall) {}

    private sealed interface Step permits Calls, Pause, Operator, PromptSize, Together {}

    private record Calls(int count) implements Step {}

    private record Pause(long millis) implements Step {}

    private record PromptSize(int characters) implements Step {}

    private record Together(int count, long gapMillis) implements Step {}

    /** {@code jmx:<operation>[:<provider>]}. */
    private record Operator(String operation, String provider) implements Step {}

    private final List<Step> steps;

    private CallPlan(List<Step> steps) {
        this.steps = List.copyOf(steps);
    }

    public static CallPlan parse(String text) {
        List<Step> steps = new ArrayList<>();
        for (String token : text.split(",")) {
            String step = token.trim();
            if (step.startsWith("pause:")) {
                steps.add(new Pause(Long.parseLong(step.substring("pause:".length()))));
            } else if (step.startsWith("together:")) {
                String[] parts = step.split(":");
                steps.add(new Together(Integer.parseInt(parts[1]), parts.length > 2 ? Long.parseLong(parts[2]) : 0));
            } else if (step.startsWith("prompt-size:")) {
                steps.add(new PromptSize(Integer.parseInt(step.substring("prompt-size:".length()))));
            } else if (step.startsWith("jmx:")) {
                String[] parts = step.split(":");
                steps.add(new Operator(parts[1], parts.length > 2 ? parts[2] : null));
            } else {
                steps.add(new Calls(Integer.parseInt(step)));
            }
        }
        return new CallPlan(steps);
    }

    /**
     * Plans run on this thread number their calls from {@code first}, and run {@code beforeFirstCall}
     * once the app has built its client, as the plan starts: apps run at once in one JVM
     * report apart, and can make their first calls together.
     */
    public static void startOnThisThread(int first, Runnable beforeFirstCall) {
        START.set(new ThreadStart(first, beforeFirstCall));
    }

    /** Makes every call in order; a call's exception is the call's own business, reported by it. */
    public void run(Call call) throws Exception {
        ThreadStart start = START.get();
        int number = start.firstNumber() - 1;
        start.beforeFirstCall().run();
        for (Step step : steps) {
            if (step instanceof Pause pause) {
                Thread.sleep(pause.millis());
            } else if (step instanceof Together together) {
                number = together(call, number, together);
            } else if (step instanceof PromptSize size) {
                System.setProperty(AppArgs.PROMPT_SIZE_PROPERTY, Integer.toString(size.characters()));
            } else if (step instanceof Operator operator) {
                OperatorConsole.invoke(operator.operation(), operator.provider());
            } else if (step instanceof Calls calls) {
                for (int i = 0; i < calls.count(); i++) {
                    long started = System.nanoTime();
                    call.make(++number);
                    if (Boolean.getBoolean(CALL_TIMES_PROPERTY)) {
                        Report.line("CALL-TIME call=" + number + " millis=" + (System.nanoTime() - started) / 1_000_000);
                    }
                }
            }
        }
    }

    /** @return the number of the last call made */
    private static int together(Call call, int number, Together together) throws InterruptedException {
        List<Thread> running = new ArrayList<>();
        for (int i = 0; i < together.count(); i++) {
            int made = ++number;
            Thread thread = new Thread(() -> timed(call, made), "call-" + made);
            thread.start();
            running.add(thread);
            Thread.sleep(together.gapMillis());
        }
        for (Thread thread : running) {
            thread.join();
        }
        return number;
    }

    private static void timed(Call call, int number) {
        long start = System.nanoTime();
        try {
            call.make(number);
        } catch (Exception failure) {
            Report.error(number, failure);
        } finally {
            Report.line("TOOK call=" + number + " millis=" + (System.nanoTime() - start) / 1_000_000);
        }
    }
}
