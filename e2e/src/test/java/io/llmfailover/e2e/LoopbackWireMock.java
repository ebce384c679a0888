package io.llmfailover.e2e;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;

/**
 * A started WireMock server on a free loopback port, speaking HTTP/1.1 only. Providers speak HTTP/2
 * only over TLS, where ALPN negotiates it; in clear text the JDK client offers an {@code h2c}
 * upgrade, and Jetty under WireMock drops an upgrade request whose body is chunked (as Spring's
 * JDK request factory sends it), which no provider would ever see.
 */
final class LoopbackWireMock {

    private LoopbackWireMock() {}

    static WireMockServer start() {
        return started(true);
    }

    /**
     * As {@link #start()}, also speaking HTTP/2 in clear text with prior knowledge: the AWS SDK's
     * {@code BedrockRuntimeAsyncClient} speaks HTTP/2 by default, over TLS to Bedrock and in clear
     * text to an {@code http://} endpoint override, without an upgrade.
     */
    static WireMockServer startAlsoSpeakingH2c() {
        return started(false);
    }

    private static WireMockServer started(boolean http2PlainDisabled) {
        WireMockServer server = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort()
                .http2PlainDisabled(http2PlainDisabled));
        server.start();
        return server;
    }
}
