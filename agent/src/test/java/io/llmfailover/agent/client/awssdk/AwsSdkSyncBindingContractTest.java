package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.AfterAll;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * The AWS SDK sync binding, its call taken at a sync client's {@code prepareRequest} as the advice
 * takes it, with a request as the SDK builds it (its {@code Content-Length} set, its body behind a
 * content stream provider), on the SDK's URLConnection client; the app reads the answer as the SDK
 * reads an {@code HttpExecuteResponse}.
 */
class AwsSdkSyncBindingContractTest extends ClientBindingContractTest<AwsSdkSyncCall, HttpExecuteResponse> {

    private static final SdkHttpClient client = UrlConnectionHttpClient.builder().build();

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @Override
    protected ClientBinding<AwsSdkSyncCall, HttpExecuteResponse> binding() {
        return AwsSdkSyncBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<AwsSdkSyncCall, HttpExecuteResponse> steps) throws Exception {
        SdkHttpRequest.Builder head = SdkHttpRequest.builder().uri(request.uri()).method(SdkHttpMethod.POST)
                .putHeader("Content-Length", Integer.toString(request.body().length));
        request.headers().forEach(head::putHeader);
        HttpExecuteRequest app = HttpExecuteRequest.builder().request(head.build())
                .contentStreamProvider(ContentStreamProvider.fromByteArray(request.body())).build();
        HttpExecuteResponse response = steps.on(new AwsSdkSyncCall(client, app, client.prepareRequest(app)));
        byte[] body;
        try (InputStream in = response.responseBody().map(InputStream.class::cast).orElseGet(InputStream::nullInputStream)) {
            body = in.readAllBytes();
        }
        return new AppResponse(response.httpResponse().statusCode(), lowerCased(response.httpResponse().headers()), body);
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return IOException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return SdkHttpClient.class.getClassLoader();
    }
}
