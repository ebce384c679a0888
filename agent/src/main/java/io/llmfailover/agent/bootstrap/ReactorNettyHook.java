package io.llmfailover.agent.bootstrap;

/** Implemented by the Reactor Netty adapter, in a class loader that sees the app's reactor-netty-http. */
public interface ReactorNettyHook {

    /**
     * What a terminal operation of {@code HttpClient.ResponseReceiver} returns: {@code ungoverned},
     * the publisher the operation made, when the call is not the agent's; else a publisher of the
     * same type that runs the call through the runtime when subscribed.
     *
     * @param receiver the operation's {@code HttpClientFinalizer}
     * @param operation the operation's name: {@code response}, {@code responseSingle}, …
     * @param function the app's function of the response, or null for the operations without one
     */
    Object governed(Object receiver, String operation, Object function, Object ungoverned);
}
