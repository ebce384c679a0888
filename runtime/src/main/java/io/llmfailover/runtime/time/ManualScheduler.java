package io.llmfailover.runtime.time;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A scheduler driven by a {@link ManualClock}: actions run when the test advances time past them. */
public final class ManualScheduler implements Scheduler {

    private final ManualClock clock;
    private final List<Task> tasks = new ArrayList<>();
    private int scheduled;

    public ManualScheduler(ManualClock clock) {
        this.clock = clock;
    }

    @Override
    public synchronized Cancellable schedule(long delayNanos, Runnable action) {
        Task task = new Task(clock.nanoTime() + delayNanos, action);
        tasks.add(task);
        scheduled++;
        return () -> remove(task);
    }

    /** Moves the clock on and runs every action that has become due, in order. */
    public void advance(Duration duration) {
        clock.advance(duration);
        for (Task due : takeDue()) {
            due.action.run();
        }
    }

    /** Actions scheduled and neither run nor cancelled yet. */
    public synchronized int pending() {
        return tasks.size();
    }

    /** Actions ever scheduled, run, cancelled or pending: tells apart two waits of the same length. */
    public synchronized int scheduled() {
        return scheduled;
    }

    private synchronized List<Task> takeDue() {
        List<Task> due = new ArrayList<>();
        tasks.removeIf(task -> task.dueNanos <= clock.nanoTime() && due.add(task));
        due.sort((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
        return due;
    }

    private synchronized void remove(Task task) {
        tasks.remove(task);
    }

    private record Task(long dueNanos, Runnable action) {}
}
