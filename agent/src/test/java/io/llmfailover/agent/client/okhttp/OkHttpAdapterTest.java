package io.llmfailover.agent.client.okhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.agent.testing.FakeGovernor;
import java.time.Duration;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;

class OkHttpAdapterTest {

    private final OkHttpAdapter adapter = new OkHttpAdapter(() -> FakeGovernor.passThrough(Duration.ofSeconds(1)));
    private final Interceptor appInterceptor = chain -> chain.proceed(chain.request());

    @Test
    void putsOneFailoverInterceptorLastAndOneOfEachNetworkInterceptorLast() {
        OkHttpClient.Builder builder = new OkHttpClient.Builder().addInterceptor(appInterceptor).addNetworkInterceptor(appInterceptor);

        decorate(builder);

        assertEquals(2, builder.interceptors().size());
        assertSame(appInterceptor, builder.interceptors().get(0));
        assertInstanceOf(FailoverInterceptor.class, builder.interceptors().get(1));
        assertEquals(4, builder.networkInterceptors().size());
        assertInstanceOf(FallbackAttemptGuard.class, builder.networkInterceptors().get(1));
        assertInstanceOf(HeadDeadlineRelease.class, builder.networkInterceptors().get(2));
        assertInstanceOf(AttemptConnection.Catcher.class, builder.networkInterceptors().get(3));
    }

    @Test
    void aBuilderCopiedFromADecoratedClientStillHoldsOneOfEach() {
        OkHttpClient.Builder original = new OkHttpClient.Builder();
        decorate(original);
        OkHttpClient client = original.addInterceptor(appInterceptor).build();

        // What a Kotlin copy constructor does: this() (decorated), then addAll of the client's lists.
        OkHttpClient.Builder copy = new OkHttpClient.Builder();
        decorate(copy);
        copy.interceptors().addAll(client.interceptors());
        copy.networkInterceptors().addAll(client.networkInterceptors());
        decorate(copy);

        assertEquals(2, copy.interceptors().size());
        assertSame(appInterceptor, copy.interceptors().get(0));
        assertInstanceOf(FailoverInterceptor.class, copy.interceptors().get(1));
        assertEquals(3, copy.networkInterceptors().size());
    }

    @Test
    void everyBuilderOfOneLoaderSharesTheSameInterceptors() {
        OkHttpClient.Builder first = new OkHttpClient.Builder();
        OkHttpClient.Builder second = new OkHttpClient.Builder();

        decorate(first);
        decorate(second);

        assertSame(first.interceptors().get(first.interceptors().size() - 1),
                second.interceptors().get(second.interceptors().size() - 1));
    }

    private void decorate(OkHttpClient.Builder builder) {
        adapter.decorate(builder);
    }
}
