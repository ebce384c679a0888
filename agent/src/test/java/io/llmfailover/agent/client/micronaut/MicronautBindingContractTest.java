package io.llmfailover.agent.client.micronaut;

import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.micronaut.core.convert.ConversionService;
import io.micronaut.core.io.ResourceResolver;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.DefaultHttpClientConfiguration;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.LoadBalancer;
import io.micronaut.http.client.exceptions.ReadTimeoutException;
import io.micronaut.http.client.netty.DefaultHttpClient;
import io.micronaut.http.client.netty.ssl.NettyClientSslBuilder;
import io.micronaut.http.filter.ClientFilterChain;
import io.micronaut.http.filter.HttpClientFilter;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;

/**
 * Micronaut's binding, its call made as the agent's hooks make it (what the app asked of its client,
 * and the request as it reaches the agent's filter, last of the client's filters, nearest the
 * network), its steps run on an agent thread as {@link GovernedRun} runs the lifecycle, and the
 * app's {@code exchange} given what they end with as {@link AppOutcome} gives it.
 * Runs on Netty 4.2 (agent/pom.xml, execution netty-4.2).
 */
@Tag("netty-4.2")
class MicronautBindingContractTest extends ClientBindingContractTest<MicronautCall, AppOutcome> {

    /** What the app asks its body as, which the agent's hook carries to the call. */
    private static final Argument<byte[]> BODY_TYPE = Argument.of(byte[].class);

    private final ExecutorService agentThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopAgentThread() {
        agentThread.shutdownNow();
    }

    @Override
    protected ClientBinding<MicronautCall, AppOutcome> binding() {
        return MicronautBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<MicronautCall, AppOutcome> steps) throws Exception {
        StepsFilter agents = new StepsFilter(request, steps);
        try (DefaultHttpClient client = clientWith(request.uri(), agents)) {
            agents.client = client;
            MutableHttpRequest<byte[]> app = HttpRequest.POST(request.uri().toString(), request.body())
                    .contentType(MediaType.APPLICATION_JSON_TYPE);
            request.headers().forEach(app::header);
            HttpResponse<byte[]> response = Mono.from(client.exchange(app, BODY_TYPE)).block(Duration.ofSeconds(10));
            return new AppResponse(response.code(), lowerCased(response.getHeaders().asMap()),
                    response.getBody().orElse(new byte[0]));
        }
    }

    /**
     * The app's client as {@code HttpClient.create} makes it, with {@code filter} among its filters:
     * the constructor that takes filters wants the codecs and body handlers, a default client's here.
     */
    private static DefaultHttpClient clientWith(URI uri, HttpClientFilter filter) {
        DefaultHttpClientConfiguration configuration = new DefaultHttpClientConfiguration();
        configuration.setReadTimeout(Duration.ofSeconds(10));
        try (DefaultHttpClient defaults = new DefaultHttpClient(uri, configuration)) {
            return new DefaultHttpClient(LoadBalancer.fixed(uri), configuration, null, null,
                    new NettyClientSslBuilder(new ResourceResolver()), defaults.getMediaTypeCodecRegistry(),
                    defaults.getHandlerRegistry(), null, ConversionService.SHARED, filter);
        }
    }

    /** Micronaut's own read timeout is one shared instance, which carries no cause: the app gets that very one. */
    @Override
    @Test
    protected void theHeadDeadlineIsTheClientsOwnTimeout() {
        Throwable appSees = TransportFailure.unwrapped(binding().timeout(new HeadDeadlineException(Duration.ofMillis(250))));

        assertSame(ReadTimeoutException.TIMEOUT_EXCEPTION, appSees);
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return ReadTimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return HttpClient.class.getClassLoader();
    }

    /** The agent's filter, as {@link GovernedFilter} with the test's steps for the lifecycle. */
    private final class StepsFilter implements HttpClientFilter {
        private final AppRequest request;
        private final Steps<MicronautCall, AppOutcome> steps;
        /** The app's client, as the hook on its {@code exchange} names it. */
        DefaultHttpClient client;

        StepsFilter(AppRequest request, Steps<MicronautCall, AppOutcome> steps) {
            this.request = request;
            this.steps = steps;
        }

        @Override
        public Publisher<? extends HttpResponse<?>> doFilter(MutableHttpRequest<?> appRequest, ClientFilterChain chain) {
            MicronautCall call = new MicronautCall(new MicronautAsk(client, false, BODY_TYPE), appRequest);
            call.governedBy(governance(request, binding(), call));
            call.reached(appRequest, ReusableChain.of(chain));
            return Mono.<HttpResponse<?>>create(sink -> agentThread.execute(() -> run(call, sink)));
        }

        private void run(MicronautCall call, MonoSink<HttpResponse<?>> sink) {
            try {
                steps.on(call).deliverTo(sink);
            } catch (Exception | AssertionError e) {
                sink.error(e);
            }
        }
    }
}
