package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.bootstrap.OkHttpHook;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.List;
import java.util.function.Supplier;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

/** The OkHttp adapter's entry point: one pair of interceptors shared by every client of its loader. */
public final class OkHttpAdapter implements OkHttpHook {

    private final FailoverInterceptor failover;
    private final HeadDeadlineRelease headDeadlineRelease = new HeadDeadlineRelease();
    private final FallbackAttemptGuard fallbackAttemptGuard = new FallbackAttemptGuard();
    private final AttemptConnection.Catcher attemptConnections = new AttemptConnection.Catcher();

    public OkHttpAdapter() {
        this(InstalledRunner::governor);
    }

    OkHttpAdapter(Supplier<CallRunner> governor) {
        this.failover = new FailoverInterceptor(governor);
    }

    @Override
    public void decorate(Object builder) {
        OkHttpClient.Builder decorated = (OkHttpClient.Builder) builder;
        List<Interceptor> networkInterceptors = decorated.networkInterceptors();
        placeLastOnce(decorated.interceptors(), failover);
        placeLastOnce(networkInterceptors, fallbackAttemptGuard);
        placeLastOnce(networkInterceptors, headDeadlineRelease);
        placeLastOnce(networkInterceptors, attemptConnections);
    }

    /**
     * The failover interceptor goes last among the application interceptors, so the app's own
     * (and its SDK's) see the request the app made; the OpenAI SDK's, for one, strips the key from
     * any request to another host than its base URL, which would otherwise hit our fallback
     * attempts. The builder is decorated again at {@code build()} to stay last.
     */
    private static void placeLastOnce(List<Interceptor> interceptors, Interceptor ours) {
        while (interceptors.remove(ours)) {
            // removes every copy
        }
        interceptors.add(ours);
    }
}
