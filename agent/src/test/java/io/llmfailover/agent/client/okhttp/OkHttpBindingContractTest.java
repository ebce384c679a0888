package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;

/**
 * OkHttp's binding, its call made in an application interceptor where the failover interceptor
 * sits. The app's body is one-shot: OkHttp may write it once only.
 */
class OkHttpBindingContractTest extends ClientBindingContractTest<OkHttpCall, Response> {

    @Override
    protected ClientBinding<OkHttpCall, Response> binding() {
        return OkHttpBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<OkHttpCall, Response> steps) throws IOException {
        OkHttpClient client = new OkHttpClient.Builder().callTimeout(Duration.ofSeconds(10))
                .addInterceptor(chain -> steps.on(new OkHttpCall(chain))).build();
        Request.Builder app = new Request.Builder().url(request.uri().toString())
                .post(oneShot(request.body()));
        request.headers().forEach(app::header);
        try (Response response = client.newCall(app.build()).execute()) {
            return new AppResponse(response.code(), lowerCased(response.headers().toMultimap()), response.body().bytes());
        } finally {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    /** A body OkHttp may write once only, as a streamed upload is. */
    private static RequestBody oneShot(byte[] bytes) {
        return new RequestBody() {
            @Override
            public MediaType contentType() {
                return MediaType.get("application/json");
            }

            @Override
            public long contentLength() {
                return bytes.length;
            }

            @Override
            public boolean isOneShot() {
                return true;
            }

            @Override
            public void writeTo(BufferedSink sink) throws IOException {
                sink.write(bytes);
            }
        };
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return SocketTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return OkHttpClient.class.getClassLoader();
    }
}
