package io.llmfailover.agent.installer;

import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.operations.status.OperatorMBeans;
import io.llmfailover.runtime.operations.status.ProviderStates;
import io.llmfailover.runtime.time.AgentThread;
import io.llmfailover.runtime.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Puts the operator's JMX view ({@code io.llmfailover:type=Provider,name=...}) up on a thread of
 * its own, {@link #AFTER_FIRST_CALL} after the app's first governed call or {@link #AT_THE_LATEST}
 * after start, whichever comes first: the platform MBean server costs a few hundred classes and
 * a couple of hundred milliseconds of CPU, which neither {@code premain}, nor an app that never
 * calls an LLM, nor a short-lived one (a CLI, a batch job) making its first call should pay for.
 * The agent's engine is built by then at the latest (see {@link InstalledRunner#build}): the view
 * shows its providers, and after a reload the new config's.
 */
final class OperatorView {

    static final long AT_THE_LATEST = TimeUnit.SECONDS.toMillis(10);
    static final long AFTER_FIRST_CALL = TimeUnit.SECONDS.toMillis(2);

    private final CountDownLatch firstCall = new CountDownLatch(1);
    private volatile ProviderStates current;
    private volatile boolean registered;

    private OperatorView() {}

    static OperatorView start() {
        OperatorView view = new OperatorView();
        AgentThread.daemon("llm-failover-jmx", view::registerWhenDue).start();
        return view;
    }

    /** The app made a governed call: the view goes up now. */
    void callMade() {
        if (firstCall.getCount() > 0) {
            firstCall.countDown();
        }
    }

    /** The engine was built, or a reload installed a new gateway: the view follows its providers. */
    synchronized void show(ProviderStates next) {
        current = next;
        if (registered) {
            OperatorMBeans.register(() -> current, Clock.SYSTEM);
        }
    }

    private void registerWhenDue() {
        try {
            firstCall.await(AT_THE_LATEST - AFTER_FIRST_CALL, TimeUnit.MILLISECONDS);
            Thread.sleep(AFTER_FIRST_CALL);
        } catch (InterruptedException stopping) {
            return;
        }
        if (InstalledRunner.build() == null) {
            return; // the agent could not start
        }
        synchronized (this) {
            OperatorMBeans.register(() -> current, Clock.SYSTEM);
            registered = true;
        }
    }
}
