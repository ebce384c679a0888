package io.llmfailover.agent.client.webclient;

import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.ClientBindingContractTest;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.client.reactive.ClientHttpConnector;
import org.springframework.http.client.reactive.ClientHttpResponse;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * WebClient's binding, its call made where the agent's connector makes it (on Reactor Netty's
 * connector), its steps run on an agent thread as the governed exchange runs them.
 */
class WebClientBindingContractTest extends ClientBindingContractTest<WebClientCall, ClientHttpResponse> {

    private final ExecutorService agentThreads = Executors.newCachedThreadPool();
    private final Scheduler readers = Schedulers.fromExecutorService(agentThreads, "contract");

    @AfterEach
    void stopAgentThreads() {
        agentThreads.shutdownNow();
    }

    @Override
    protected ClientBinding<WebClientCall, ClientHttpResponse> binding() {
        return WebClientBinding.INSTANCE;
    }

    @Override
    protected AppResponse exchange(AppRequest request, Steps<WebClientCall, ClientHttpResponse> steps) {
        ClientHttpConnector appConnector = new ReactorClientHttpConnector();
        ClientHttpConnector agents = (method, uri, callback) -> Mono.fromCallable(() -> steps.on(
                new WebClientCall(appConnector, method, uri, callback, agentThreads, readers))).subscribeOn(readers);
        ResponseEntity<byte[]> response = WebClient.builder().clientConnector(agents).build()
                .post().uri(request.uri())
                .headers(headers -> request.headers().forEach(headers::set))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(request.body())
                .retrieve().toEntity(byte[].class).block(Duration.ofSeconds(10));
        return new AppResponse(response.getStatusCode().value(), lowerCased(response.getHeaders()),
                response.getBody() == null ? new byte[0] : response.getBody());
    }

    @Override
    protected Class<? extends Throwable> timeoutType() {
        return TimeoutException.class;
    }

    @Override
    protected ClassLoader clientLoader() {
        return ClientHttpConnector.class.getClassLoader();
    }
}
