package io.llmfailover.agent.bootstrap;

import java.util.List;

/**
 * The static entry points that advice or hooks woven into client classes call. Each catches everything:
 * whatever goes wrong in the agent, the app's call goes ahead as if the agent were absent.
 */
public final class AgentHooks {

    private AgentHooks() {}

    /** Called when an {@code okhttp3.OkHttpClient.Builder} constructor returns, and on entry to its {@code build()}. */
    public static void okHttpBuilderCreated(Object builder) {
        try {
            OkHttpHook hook = Adapters.OKHTTP.get(builder.getClass());
            if (hook != null) {
                hook.decorate(builder);
            }
        } catch (Throwable t) {
            FailureLog.once("OkHttpClient.Builder", t);
        }
    }

    /**
     * Called on entry to {@code HttpClient.send}; null lets the original method run. Always
     * paired with {@link #jdkCallEnded()} on exit.
     */
    public static Outcome jdkSend(Object client, Object request, Object bodyHandler) {
        if (CallDepth.enter() > 0) {
            return null;
        }
        try {
            JdkHttpHook hook = Adapters.JDK_HTTP.get(client.getClass());
            return hook == null ? null : hook.send(client, request, bodyHandler);
        } catch (Throwable t) {
            FailureLog.once("HttpClient.send", t);
            return null;
        }
    }

    /** Called on entry to {@code HttpClient.sendAsync} (both overloads); see {@link #jdkSend}. */
    public static Outcome jdkSendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler) {
        if (CallDepth.enter() > 0) {
            return null;
        }
        try {
            JdkHttpHook hook = Adapters.JDK_HTTP.get(client.getClass());
            return hook == null ? null : hook.sendAsync(client, request, bodyHandler, pushPromiseHandler);
        } catch (Throwable t) {
            FailureLog.once("HttpClient.sendAsync", t);
            return null;
        }
    }

    /** Called on exit from every instrumented {@code HttpClient} method. */
    public static void jdkCallEnded() {
        CallDepth.exit();
    }

    /**
     * Called on entry to {@code ExchangeFunctions.create(connector, strategies)}, which every
     * WebClient built by a builder goes through; returns the connector to use instead.
     */
    public static Object webClientConnector(Class<?> exchangeFunctions, Object connector) {
        if (connector == null) {
            return null;
        }
        try {
            WebClientHook hook = Adapters.WEBCLIENT.get(exchangeFunctions);
            return hook == null ? connector : hook.governedConnector(connector);
        } catch (Throwable t) {
            FailureLog.once("WebClient connector", t);
            return connector;
        }
    }

    /**
     * Called when a terminal operation of Reactor Netty's {@code HttpClient.ResponseReceiver}
     * ({@code response}, {@code responseSingle}, {@code responseConnection}, {@code responseContent})
     * returns; gives the publisher the app gets instead.
     */
    public static Object reactorNettyReceived(Object receiver, String operation, Object[] arguments, Object returned) {
        if (returned == null) {
            return null;
        }
        try {
            ReactorNettyHook hook = Adapters.REACTOR_NETTY.get(receiver.getClass());
            Object function = arguments.length == 0 ? null : arguments[0];
            return hook == null ? returned : hook.governed(receiver, operation, function, returned);
        } catch (Throwable t) {
            FailureLog.once("Reactor Netty HttpClient." + operation, t);
            return returned;
        }
    }

    /**
     * Called with the request factory a RestClient is made with, or one a RestTemplate is given or
     * starts with; returns the factory to use instead. {@code springWeb} is a spring-web type, so
     * every client of one spring-web shares one adapter, and a factory governed once is seen as such.
     */
    public static Object restClientRequestFactory(Class<?> springWeb, Object requestFactory) {
        if (requestFactory == null) {
            return null;
        }
        try {
            RestClientHook hook = Adapters.RESTCLIENT.get(springWeb);
            return hook == null ? requestFactory : hook.governedRequestFactory(requestFactory);
        } catch (Throwable t) {
            FailureLog.once("RestClient request factory", t);
            return requestFactory;
        }
    }

    /** Called on entry to {@code HttpURLConnection.getOutputStream}; null lets the original method run. */
    public static Outcome urlConnectionOutput(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook == null ? null : hook.outputStream(connection, new UrlConnectionInternals(connection));
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.getOutputStream", t);
            return null;
        }
    }

    /**
     * Called on entry to a {@code HttpURLConnection} response accessor, with its one argument (a
     * header's name or index) or null; null lets the original method run.
     */
    public static Outcome urlConnectionResponse(Object connection, String accessor, Object argument) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook == null ? null : hook.response(connection, accessor, argument, new UrlConnectionInternals(connection));
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection." + accessor, t);
            return null;
        }
    }

    /** Called on entry to {@code HttpURLConnection.connect}; an outcome skips it. */
    public static Outcome urlConnectionConnect(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            return hook != null && hook.skipsConnect(connection) ? Outcome.returning(null) : null;
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.connect", t);
            return null;
        }
    }

    /** Called on entry to {@code HttpURLConnection.disconnect}. */
    public static void urlConnectionDisconnected(Object connection) {
        try {
            UrlConnectionHook hook = urlConnectionHook(connection);
            if (hook != null) {
                hook.disconnected(connection);
            }
        } catch (Throwable t) {
            FailureLog.once("HttpURLConnection.disconnect", t);
        }
    }

    /** Null leaves every connection alone: with no adapter, or on a JDK whose connection keeps its state otherwise. */
    private static UrlConnectionHook urlConnectionHook(Object connection) {
        return UrlConnectionInternals.readable() ? Adapters.URL_CONNECTION.get(connection.getClass()) : null;
    }

    /** Called when a classic Apache HttpClient 5 {@code HttpClientBuilder.build()} starts. */
    public static void apache5ClassicBuilding(Object builder) {
        try {
            Apache5Hook hook = Adapters.APACHE5.get(builder.getClass());
            if (hook != null) {
                hook.classicBuilding(builder);
            }
        } catch (Throwable t) {
            FailureLog.once("HttpClientBuilder (Apache 5)", t);
        }
    }

    /** Called when an Apache HttpClient 5 {@code HttpAsyncClientBuilder.build()} starts. */
    public static void apache5AsyncBuilding(Object builder) {
        try {
            Apache5Hook hook = Adapters.APACHE5.get(builder.getClass());
            if (hook != null) {
                hook.asyncBuilding(builder);
            }
        } catch (Throwable t) {
            FailureLog.once("HttpAsyncClientBuilder (Apache 5)", t);
        }
    }

    /** Called when Apache HttpClient 4's {@code decorateProtocolExec} returns; gives what the builder uses instead. */
    public static Object apache4ProtocolExec(Object builder, Object protocolExec) {
        try {
            Apache4Hook hook = Adapters.APACHE4.get(builder.getClass());
            return hook == null || protocolExec == null ? protocolExec : hook.decorateProtocolExec(protocolExec);
        } catch (Throwable t) {
            FailureLog.once("HttpClientBuilder (Apache 4)", t);
            return protocolExec;
        }
    }

    /**
     * Called on entry to Vert.x's {@code HttpClientImpl.request(RequestOptions)}, which every
     * request of the core client and of WebClient goes through; null lets the original method run.
     */
    public static Outcome vertxRequest(Object client, Object options) {
        try {
            VertxHook hook = Adapters.VERTX.get(client.getClass());
            Object governed = hook == null ? null : hook.request(client, options);
            return governed == null ? null : Outcome.returning(governed);
        } catch (Throwable t) {
            FailureLog.once("Vert.x HttpClient.request", t);
            return null;
        }
    }

    /**
     * Called on entry to Jetty 12's {@code HttpRequest.sendAsync(destination, listener)}, which every
     * send through a destination goes through; true skips it (the agent sends the call).
     */
    public static boolean jettySend(Object request, Object destination, Object listener) {
        try {
            JettyHook hook = Adapters.JETTY.get(request.getClass());
            return hook != null && hook.send(request, destination, listener);
        } catch (Throwable t) {
            FailureLog.once("Jetty HttpRequest.send", t);
            return false;
        }
    }

    /** Called when Jetty 12's {@code HttpRequest.abort(cause)} returns. */
    public static void jettyAborted(Object request, Throwable cause) {
        try {
            JettyHook hook = Adapters.JETTY.get(request.getClass());
            if (hook != null) {
                hook.aborted(request, cause);
            }
        } catch (Throwable t) {
            FailureLog.once("Jetty HttpRequest.abort", t);
        }
    }

    /**
     * Called on entry to Ktor's {@code CIOEngine.execute(request, continuation)}, a suspend function
     * every call of a CIO client reaches; null lets the original method run.
     */
    public static Outcome ktorExecute(Object engine, Object request, Object continuation) {
        try {
            KtorHook hook = Adapters.KTOR.get(engine.getClass());
            Object suspended = hook == null ? null : hook.execute(engine, request, continuation);
            return suspended == null ? null : Outcome.returning(suspended);
        } catch (Throwable t) {
            FailureLog.once("Ktor CIOEngine.execute", t);
            return null;
        }
    }

    /**
     * Called on entry to the Micronaut client method the app called ({@code exchange}, {@code retrieve}
     * through it, {@code dataStream}, {@code exchangeStream}, {@code jsonStream}): marks the request
     * with what the app expects back.
     */
    public static void micronautAsked(Object client, Object request, boolean streamed, Object bodyType) {
        try {
            MicronautHook hook = Adapters.MICRONAUT.get(client.getClass());
            if (hook != null && request != null) {
                hook.asked(request, new MicronautAsk(client, streamed, bodyType));
            }
        } catch (Throwable t) {
            FailureLog.once("Micronaut HttpClient call", t);
        }
    }

    /** Called when Micronaut's client filter resolver returns the filters of a request. */
    @SuppressWarnings("unchecked")
    public static void micronautFiltersResolved(Object resolver, Object request, Object filters) {
        try {
            MicronautHook hook = Adapters.MICRONAUT.get(resolver.getClass());
            if (hook != null && request != null && filters instanceof List<?> list) {
                hook.filtersResolved(request, (List<Object>) list);
            }
        } catch (Throwable t) {
            FailureLog.once("Micronaut HttpClient filters", t);
        }
    }

    /**
     * Called on entry to Micronaut's {@code DefaultHttpClient.resolveRedirectURI(parent, redirect)}, as
     * the client follows a redirect; null lets it follow.
     */
    public static Outcome micronautRedirecting(Object client, Object parentRequest, Object redirect) {
        try {
            MicronautHook hook = Adapters.MICRONAUT.get(client.getClass());
            Object refused = hook == null || parentRequest == null || redirect == null
                    ? null : hook.redirecting(parentRequest, redirect);
            return refused == null ? null : Outcome.returning(refused);
        } catch (Throwable t) {
            FailureLog.once("Micronaut HttpClient redirect", t);
            return null;
        }
    }

    /**
     * Called on exit from Micronaut's {@code DefaultHttpClient.isAcceptEvents(request)} when it is
     * true: whether the client splits the streamed answer to {@code request} into lines.
     */
    public static boolean micronautSplitsEvents(Class<?> client, Object request) {
        try {
            MicronautHook hook = Adapters.MICRONAUT.get(client);
            return hook == null || request == null || hook.splitsEvents(request);
        } catch (Throwable t) {
            FailureLog.once("Micronaut HttpClient event stream", t);
            return true;
        }
    }
}
