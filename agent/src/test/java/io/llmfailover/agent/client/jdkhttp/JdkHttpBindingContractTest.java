package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;

/** The JDK client's binding, its call made as the hook on {@code HttpClient.send} makes it. */
class JdkHttpBindingContractTest extends ClientBindingContractTest<JdkGovernedCall<?>, HttpResponse<?>> {

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @Override
    protected ClientBinding<JdkGovernedCall<?>, HttpResponse<?>> binding() {
        return JdkHttpBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<JdkGovernedCall<?>, HttpResponse<?>> steps) throws IOException {
        HttpRequest.Builder app = HttpRequest.newBuilder(request.uri()).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(app::header);
        HttpResponse<?> response = steps.on(JdkGovernedCall.of(client, app.build(), BodyHandlers.ofByteArray(), AgentThreads.relays()));
        return new AppResponse(response.statusCode(), lowerCased(response.headers().map()), (byte[]) response.body());
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return HttpTimeoutException.class;
    }

    /** The JDK's own client: the app's OpenTelemetry is found through the calling thread instead. */
    @Override
    protected ClassLoader clientLoader() {
        return null;
    }
}
