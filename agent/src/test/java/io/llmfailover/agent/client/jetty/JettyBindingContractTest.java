package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpDestination;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpMethod;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Jetty's binding, its call made as the advice on {@code HttpDestination.send} makes it; the app's
 * listener hears the answer, whichever way the steps end the call.
 */
class JettyBindingContractTest extends ClientBindingContractTest<JettyCall, Void> {

    private final HttpClient client = new HttpClient();

    @BeforeEach
    void startClient() throws Exception {
        client.start();
    }

    @AfterEach
    void stopClient() throws Exception {
        client.stop();
    }

    @Override
    protected ClientBinding<JettyCall, Void> binding() {
        return JettyBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<JettyCall, Void> steps) throws Exception {
        HttpRequest app = (HttpRequest) client.newRequest(request.uri()).method(HttpMethod.POST)
                .timeout(10, TimeUnit.SECONDS)
                .headers(headers -> request.headers().forEach(headers::put))
                .body(new BytesRequestContent("application/json", request.body()));
        Listener listener = new Listener();
        steps.on(new JettyCall(app, (HttpDestination) client.resolveDestination(app), listener, new ConcurrentHashMap<>()));
        Result result = listener.done.get(10, TimeUnit.SECONDS);
        if (result.isFailed()) {
            throw new AssertionError("the app's listener heard a failure", result.getFailure());
        }
        return new AppResponse(result.getResponse().getStatus(),
                headersOf(result.getResponse().getHeaders(), HttpField::getName, HttpField::getValue), listener.getContent());
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return TimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpClient.class.getClassLoader();
    }

    /** The app's whole answer, as {@code send()} buffers it. */
    private static final class Listener extends BufferingResponseListener {
        final CompletableFuture<Result> done = new CompletableFuture<>();

        @Override
        public void onComplete(Result result) {
            done.complete(result);
        }
    }
}
