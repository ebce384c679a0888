package io.llmfailover.agent.client.reactornetty;

import java.util.function.BiFunction;
import reactor.netty.http.client.HttpClient;

/**
 * A terminal operation assembled for an attempt another adapter rewrote (Spring's WebClient or
 * RestClient on this client): the same operation on a copy of the app's client that follows no
 * redirect. Reactor Netty follows one on its event loop, from the client's configuration, with the
 * request's headers; switching it off in the configuration, as the operation is assembled on the
 * thread that hands the attempt over, is what that event loop reads.
 */
final class RedirectsOff {

    private RedirectsOff() {}

    /** {@code ungoverned} itself when the client follows no redirect already. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object reassembled(HttpClient client, ReceiverOperation operation, Object function, Object ungoverned) {
        if (client.configuration().followRedirectPredicate() == null) {
            return ungoverned;
        }
        HttpClient.ResponseReceiver<?> copy = (HttpClient.ResponseReceiver<?>) client.followRedirect(false);
        return switch (operation) {
            case RESPONSE -> copy.response();
            case RESPONSE_WITH_BODY -> copy.response((BiFunction) function);
            case RESPONSE_SINGLE -> copy.responseSingle((BiFunction) function);
            case RESPONSE_CONNECTION -> copy.responseConnection((BiFunction) function);
            case RESPONSE_CONTENT -> copy.responseContent();
        };
    }
}
