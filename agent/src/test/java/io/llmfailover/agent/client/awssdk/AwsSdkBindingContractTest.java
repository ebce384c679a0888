package io.llmfailover.agent.client.awssdk;

import static io.llmfailover.agent.client.awssdk.AppHandler.WAIT_SECONDS;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;

/**
 * The AWS SDK async binding, its call made as the advice on {@code NettyNioAsyncHttpClient.execute}
 * makes it, with a request as the SDK's pipeline builds it (its {@code Content-Length} set, its body
 * behind a content publisher); the app reads the answer as the SDK's response handler does.
 */
class AwsSdkBindingContractTest extends ClientBindingContractTest<AwsSdkCall, SdkAnswer> {

    /** One client for the class: closing one waits out its event loops' quiet period. */
    private static final SdkAsyncHttpClient client = NettyNioAsyncHttpClient.builder().build();

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @Override
    protected ClientBinding<AwsSdkCall, SdkAnswer> binding() {
        return AwsSdkBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<AwsSdkCall, SdkAnswer> steps) throws Exception {
        SdkHttpRequest.Builder head = SdkHttpRequest.builder().uri(request.uri()).method(SdkHttpMethod.POST)
                .putHeader("Content-Length", Integer.toString(request.body().length));
        request.headers().forEach(head::putHeader);
        AppHandler app = new AppHandler();
        AwsSdkCall call = new AwsSdkCall(client, AsyncExecuteRequest.builder()
                .request(head.build())
                .requestContentPublisher(ContentBytes.publisher(request.body()))
                .responseHandler(app)
                .build());
        SdkAnswer answer = steps.on(call);
        app.onHeaders(answer.head());
        app.onStream(answer.body());
        String body = app.body();
        answer.ended().get(WAIT_SECONDS, TimeUnit.SECONDS);
        return new AppResponse(answer.head().statusCode(), lowerCased(answer.head().headers()),
                body.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return IOException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return SdkAsyncHttpClient.class.getClassLoader();
    }
}
