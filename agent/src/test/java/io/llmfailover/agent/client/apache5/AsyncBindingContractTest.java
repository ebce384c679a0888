package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.io.CloseMode;
import org.junit.jupiter.api.AfterEach;

/**
 * HttpClient 5 async's binding, its call made by an exec handler just above the protocol stage,
 * where the agent's sits, and run on a thread of its own as the lifecycle runs it on an agent
 * thread; the app's callback hears the answer.
 */
class AsyncBindingContractTest extends ClientBindingContractTest<GovernedAsyncCall, Void> {

    private final ExecutorService agentThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopAgentThread() {
        agentThread.shutdownNow();
    }

    @Override
    protected ClientBinding<GovernedAsyncCall, Void> binding() {
        return AsyncBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<GovernedAsyncCall, Void> steps) throws Exception {
        SimpleRequestBuilder post = SimpleRequestBuilder.post(request.uri()).setBody(request.body(), ContentType.APPLICATION_JSON);
        request.headers().forEach(post::setHeader);
        try (CloseableHttpAsyncClient client = HttpAsyncClients.custom()
                .addExecInterceptorBefore(ChainElement.PROTOCOL.name(), "contract",
                        (appRequest, producer, scope, chain, callback) -> {
                            GovernedAsyncCall call = new GovernedAsyncCall(appRequest, producer, scope, chain, callback);
                            agentThread.execute(() -> run(steps, call));
                        })
                .build()) {
            client.start();
            SimpleHttpResponse response = client.execute(SimpleRequestProducer.create(post.build()),
                    SimpleResponseConsumer.create(), null).get(10, TimeUnit.SECONDS);
            byte[] body = response.getBodyBytes() == null ? new byte[0] : response.getBodyBytes();
            client.close(CloseMode.GRACEFUL);
            return new AppResponse(response.getCode(),
                    headersOf(List.of(response.getHeaders()), Header::getName, Header::getValue), body);
        }
    }

    private static void run(Steps<GovernedAsyncCall, Void> steps, GovernedAsyncCall call) {
        try {
            steps.on(call);
        } catch (Exception | AssertionError e) {
            call.failed(e);
        }
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return SocketTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpRequest.class.getClassLoader();
    }
}
