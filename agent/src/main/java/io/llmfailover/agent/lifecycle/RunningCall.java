package io.llmfailover.agent.lifecycle;

import io.llmfailover.agent.bootstrap.FailureLog;
import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A governed call handed to an agent thread by {@link CallLifecycle#runAsync}: it runs the call
 * through the lifecycle there and ends it through its {@link CallCompletion}, exactly once. A
 * client whose attempts end when their thread is interrupted (the JDK's) cancels it here.
 */
public final class RunningCall<C, R> implements Runnable {

    private final ClientBinding<C, R> binding;
    private final C call;
    private final Governance governance;
    private final CallCompletion<? super R> completion;
    private final ReentrantLock runnerLock = new ReentrantLock();
    /** The agent thread running the call, interrupted when the app cancels it. */
    private Thread runner;

    RunningCall(ClientBinding<C, R> binding, C call, Governance governance, CallCompletion<? super R> completion) {
        this.binding = binding;
        this.call = call;
        this.governance = governance;
        this.completion = completion;
    }

    @Override
    public void run() {
        runBy(Thread.currentThread());
        try {
            Throwable gaveUp = completion.appGaveUp();
            if (gaveUp != null) {
                completion.failed(gaveUp);
                return;
            }
            R response;
            try {
                response = CallLifecycle.run(binding, call, governance);
            } catch (Exception failure) {
                completion.failed(TransportFailure.unwrapped(failure));
                return;
            } catch (Error internal) {
                FailureLog.once(binding.clientName() + " call on an agent thread", internal);
                completion.failed(new IOException("llm-failover: the call failed inside the agent", internal));
                return;
            }
            completion.answered(response);
        } finally {
            runBy(null);
            Thread.interrupted(); // the app's cancel is not the thread's next task's
        }
    }

    /** Interrupts the agent thread while it runs the call: a client's attempt in flight then aborts. */
    public void interrupt() {
        runnerLock.lock();
        try {
            if (runner != null) {
                runner.interrupt();
            }
        } finally {
            runnerLock.unlock();
        }
    }

    private void runBy(Thread thread) {
        runnerLock.lock();
        try {
            runner = thread;
        } finally {
            runnerLock.unlock();
        }
    }
}
