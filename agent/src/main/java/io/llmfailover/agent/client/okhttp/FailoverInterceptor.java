package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.runtime.contract.CallRunner;
import java.io.IOException;
import java.util.function.Supplier;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * The application interceptor placed last in every OkHttp client: runs each call through the call
 * lifecycle, whose attempts continue down the rest of the app's own chain.
 */
final class FailoverInterceptor implements Interceptor {

    private final Supplier<CallRunner> governor;

    FailoverInterceptor(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        OkHttpCall call = new OkHttpCall(chain);
        try {
            return CallLifecycle.run(OkHttpBinding.INSTANCE, call, governor);
        } finally {
            call.answered = true;
        }
    }
}
