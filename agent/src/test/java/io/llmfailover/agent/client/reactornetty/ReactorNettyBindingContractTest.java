package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.ByteBufMono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;

/**
 * Reactor Netty's binding, its call made as the hook on {@code responseSingle} makes it, its steps
 * run on an agent thread, and the app's function given the chosen response as
 * {@link GovernedReceive} gives it (the app's own exchange, less the agent's headers, when the
 * call proceeds).
 */
class ReactorNettyBindingContractTest extends ClientBindingContractTest<ReactorNettyCall, Chosen> {

    private final ExecutorService agentThreads = Executors.newCachedThreadPool();
    private final Scheduler readers = Schedulers.fromExecutorService(agentThreads, "contract");

    @AfterEach
    void stopAgentThreads() {
        agentThreads.shutdownNow();
    }

    @Override
    protected ClientBinding<ReactorNettyCall, Chosen> binding() {
        return ReactorNettyBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<ReactorNettyCall, Chosen> steps) throws Exception {
        HttpClient sender = (HttpClient) HttpClient.create().responseTimeout(Duration.ofSeconds(10))
                .headers(headers -> {
                    headers.set("Content-Type", "application/json");
                    request.headers().forEach(headers::set);
                })
                .post().uri(request.uri().toString()).send(Mono.fromSupplier(() -> Unpooled.wrappedBuffer(request.body())));
        io.llmfailover.agent.client.reactornetty.AppRequest app = io.llmfailover.agent.client.reactornetty.AppRequest.of(sender);
        ReactorNettyCall call = new ReactorNettyCall(sender, app, agentThreads, readers);
        BiFunction<HttpClientResponse, ByteBufMono, Mono<AppResponse>> appFunction = (response, body) ->
                body.asByteArray().defaultIfEmpty(new byte[0]).map(bytes -> new AppResponse(response.status().code(),
                        headersOf(response.responseHeaders(), Map.Entry::getKey, Map.Entry::getValue), bytes));
        Mono<Chosen> chosen = Mono.create(sink -> {
            call.subscribedWith(sink.contextView());
            agentThreads.execute(() -> {
                try {
                    sink.success(steps.on(call));
                } catch (Exception | AssertionError e) {
                    sink.error(e);
                }
            });
        });
        @SuppressWarnings("unchecked")
        Mono<AppResponse> appGets = chosen.flatMap(c -> c.proceeds()
                ? (Mono<AppResponse>) WithoutAgentHeaders.of(sender, app, ReceiverOperation.RESPONSE_SINGLE, appFunction)
                : appFunction.apply(c.response(), c.body().aggregate()).doFinally(signal -> c.finish()));
        return appGets.block(Duration.ofSeconds(10));
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
