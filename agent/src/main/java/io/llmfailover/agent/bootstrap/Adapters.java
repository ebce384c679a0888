package io.llmfailover.agent.bootstrap;

/**
 * The adapters of the clients whose hooks have typed entry points in {@link AgentHooks}; every
 * other client's adapter is found by {@link ClientHooks}, by name.
 */
final class Adapters {

    static final ClassValue<OkHttpHook> OKHTTP =
            new AdapterValue<>(OkHttpHook.class, "io.llmfailover.agent.client.okhttp.OkHttpAdapter");

    static final ClassValue<JdkHttpHook> JDK_HTTP =
            new AdapterValue<>(JdkHttpHook.class, "io.llmfailover.agent.client.jdkhttp.JdkHttpAdapter");

    static final ClassValue<UrlConnectionHook> URL_CONNECTION =
            new AdapterValue<>(UrlConnectionHook.class, "io.llmfailover.agent.client.urlconnection.UrlConnectionAdapter");

    private Adapters() {}
}
