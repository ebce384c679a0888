package io.llmfailover.agent.client.vertx;

import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.impl.CleanableHttpClient;
import io.vertx.core.http.impl.HttpClientBase;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;

/**
 * Vert.x's binding, its call made as the hook on {@code HttpClientImpl.request} makes it: the app
 * writes its body into the agent's request, the steps run on an agent thread as ending that
 * request runs the lifecycle, and the app hears the end on its Vert.x context. Runs on Netty 4.2
 * (agent/pom.xml, execution netty-4.2).
 */
@Tag("netty-4.2")
class VertxBindingContractTest extends ClientBindingContractTest<VertxCall, HttpClientResponse> {

    private final Vertx vertx = Vertx.vertx();
    private final HttpClient client = vertx.createHttpClient();
    private final ExecutorService agentThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void closeVertx() throws Exception {
        agentThread.shutdownNow();
        vertx.close().await(10, TimeUnit.SECONDS);
    }

    @Override
    protected ClientBinding<VertxCall, HttpClientResponse> binding() {
        return VertxBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<VertxCall, HttpClientResponse> steps) throws Exception {
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setAbsoluteURI(request.uri().toString())
                .setIdleTimeout(10_000).putHeader("Content-Type", "application/json");
        request.headers().forEach(options::putHeader);
        VertxCall call = VertxCall.of(clientImpl(), options);
        call.governedBy(governance(request, binding(), call));
        VertxGovernedRequest app = new VertxGovernedRequest(call);
        app.write(Buffer.buffer(request.body()));
        agentThread.execute(() -> run(steps, call));
        Future<HttpClientResponse> response = app.response();
        // As a Vert.x app reads it: asked for in the response's callback, before the body flows.
        byte[] body = await(response.compose(HttpClientResponse::body)).getBytes();
        return new AppResponse(response.result().statusCode(),
                headersOf(response.result().headers(), Map.Entry::getKey, Map.Entry::getValue), body);
    }

    /** Where the agent's hook sits: Vert.x's {@code HttpClientImpl}, which the client the app holds wraps. */
    private HttpClientBase clientImpl() {
        return (HttpClientBase) ((CleanableHttpClient) client).delegate;
    }

    private static void run(Steps<VertxCall, HttpClientResponse> steps, VertxCall call) {
        CallCompletion<HttpClientResponse> completion = call.completion();
        try {
            completion.answered(steps.on(call));
        } catch (Exception | AssertionError e) {
            completion.failed(e);
        }
    }

    private static <T> T await(Future<T> future) throws Exception {
        return future.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return TimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpClient.class.getClassLoader();
    }
}
