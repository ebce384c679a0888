package io.llmfailover.agent.okhttp;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.OkHttpHook;
import java.util.List;
import java.util.function.Supplier;

/** The OkHttp adapter's entry point: one pair of interceptors shared by every client of its loader. */
public final class OkHttpAdapter implements OkHttpHook {

    private final FailoverInterceptor failover;
    private final HeadTimeoutRelease headTimeoutRelease = new HeadTimeoutRelease();

    public OkHttpAdapter() {
        this(AgentRuntime::governor);
    }

    OkHttpAdapter(Supplier<CallGovernor> governor) {
        this.failover = new FailoverInterceptor(governor);
    }

    @Override
    public void decorate(List<Object> interceptors, List<Object> networkInterceptors) {
        placeFirstOnce(interceptors, failover);
        placeFirstOnce(networkInterceptors, headTimeoutRelease);
    }

    /**
     * A builder copied from a client already holds our interceptor, and Kotlin builders chain
     * constructors, so the same instance can arrive more than once: keep exactly one, first.
     */
    private static void placeFirstOnce(List<Object> interceptors, Object ours) {
        while (interceptors.remove(ours)) {
            // removes every copy
        }
        interceptors.add(0, ours);
    }
}
