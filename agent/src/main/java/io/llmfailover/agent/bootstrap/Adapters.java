package io.llmfailover.agent.bootstrap;

/**
 * One adapter instance per client class: the adapter is defined in an {@link AdapterClassLoader}
 * whose parent is the client class's own loader. A client whose adapter cannot be made is left
 * alone (null), and the reason is logged once.
 */
final class Adapters {

    static final ClassValue<OkHttpHook> OKHTTP =
            new AdapterValue<>(OkHttpHook.class, "io.llmfailover.agent.okhttp", "OkHttpAdapter");

    static final ClassValue<JdkHttpHook> JDK_HTTP =
            new AdapterValue<>(JdkHttpHook.class, "io.llmfailover.agent.jdkhttp", "JdkHttpAdapter");

    static final ClassValue<WebClientHook> WEBCLIENT =
            new AdapterValue<>(WebClientHook.class, "io.llmfailover.agent.webclient", "WebClientAdapter");

    static final ClassValue<ReactorNettyHook> REACTOR_NETTY =
            new AdapterValue<>(ReactorNettyHook.class, "io.llmfailover.agent.reactornetty", "ReactorNettyAdapter");

    static final ClassValue<RestClientHook> RESTCLIENT =
            new AdapterValue<>(RestClientHook.class, "io.llmfailover.agent.restclient", "RestClientAdapter");

    static final ClassValue<UrlConnectionHook> URL_CONNECTION =
            new AdapterValue<>(UrlConnectionHook.class, "io.llmfailover.agent.urlconnection", "UrlConnectionAdapter");

    static final ClassValue<Apache5Hook> APACHE5 =
            new AdapterValue<>(Apache5Hook.class, "io.llmfailover.agent.apache5", "Apache5Adapter");

    static final ClassValue<Apache4Hook> APACHE4 =
            new AdapterValue<>(Apache4Hook.class, "io.llmfailover.agent.apache4", "Apache4Adapter");

    static final ClassValue<VertxHook> VERTX =
            new AdapterValue<>(VertxHook.class, "io.llmfailover.agent.vertx", "VertxAdapter");
    static final ClassValue<JettyHook> JETTY =
            new AdapterValue<>(JettyHook.class, "io.llmfailover.agent.jetty", "JettyAdapter");

    static final ClassValue<KtorHook> KTOR =
            new AdapterValue<>(KtorHook.class, "io.llmfailover.agent.ktor", "KtorAdapter");

    static final ClassValue<MicronautHook> MICRONAUT =
            new AdapterValue<>(MicronautHook.class, "io.llmfailover.agent.micronaut", "MicronautAdapter");

    private Adapters() {}

    private static final class AdapterValue<T> extends ClassValue<T> {
        private final Class<T> hookType;
        private final String adapterPackage;
        private final String adapterClass;

        AdapterValue(Class<T> hookType, String adapterPackage, String adapterClass) {
            this.hookType = hookType;
            this.adapterPackage = adapterPackage;
            this.adapterClass = adapterPackage + "." + adapterClass;
        }

        @Override
        protected T computeValue(Class<?> clientType) {
            try {
                ClassLoader loader = new AdapterClassLoader(clientType.getClassLoader(), adapterPackage);
                Class<?> adapter = Class.forName(adapterClass, true, loader);
                return hookType.cast(adapter.getConstructor().newInstance());
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                FailureLog.once("loading " + adapterClass + " for " + clientType.getName(), e);
                return null;
            }
        }
    }
}
