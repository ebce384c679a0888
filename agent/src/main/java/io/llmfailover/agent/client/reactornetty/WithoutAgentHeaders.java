package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.runtime.contract.RouteHeader;
import java.util.function.BiFunction;
import org.reactivestreams.Publisher;
import reactor.netty.NettyOutbound;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientRequest;

/**
 * The app's exchange as it made it, but without the agent's own {@code x-llm-route}: Reactor
 * Netty's configuration is shared by every request of the app's client, so the header is not
 * taken out of it, but out of a copy, and out of the request the app's body function fills in.
 * Assembled as the agent's own, so that the adapter leaves it alone.
 */
final class WithoutAgentHeaders {

    private WithoutAgentHeaders() {}

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object of(HttpClient client, AppRequest app, ReceiverOperation operation, Object function) {
        HttpClient copy = client.headers(headers -> headers.remove(RouteHeader.NAME));
        try (AttemptGuard.Scope agentsOwn = AttemptGuard.enter()) {
            HttpClient.ResponseReceiver<?> receiver = app.body() == null ? (HttpClient.ResponseReceiver<?>) copy
                    : ((HttpClient.RequestSender) copy).send(withoutAgentHeaders(app.body()));
            return switch (operation) {
                case RESPONSE -> receiver.response();
                case RESPONSE_WITH_BODY -> receiver.response((BiFunction) function);
                case RESPONSE_SINGLE -> receiver.responseSingle((BiFunction) function);
                case RESPONSE_CONNECTION -> receiver.responseConnection((BiFunction) function);
                case RESPONSE_CONTENT -> receiver.responseContent();
            };
        }
    }

    private static BiFunction<HttpClientRequest, NettyOutbound, Publisher<Void>> withoutAgentHeaders(
            BiFunction<? super HttpClientRequest, ? super NettyOutbound, ? extends Publisher<Void>> body) {
        return (request, outbound) -> {
            Publisher<Void> sent = body.apply(request, outbound);
            request.requestHeaders().remove(RouteHeader.NAME);
            return sent;
        };
    }
}
