package io.llmfailover.agent.client.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The URI a Vert.x request addresses, read from its options and the client's defaults, as the client itself resolves it. */
class VertxCallTest {

    private static final HttpClientOptions DEFAULTS = new HttpClientOptions();

    @Test
    void anAbsoluteUriIsTakenAsItIs() {
        RequestOptions options = new RequestOptions().setAbsoluteURI("https://api.openai.com/v1/chat/completions?x=1");

        assertEquals(URI.create("https://api.openai.com:443/v1/chat/completions?x=1"), VertxCall.uriOf(options, DEFAULTS));
    }

    @Test
    void whatTheOptionsLeaveOutComesFromTheClientsDefaults() {
        HttpClientOptions client = new HttpClientOptions().setDefaultHost("127.0.0.1").setDefaultPort(8080);
        RequestOptions options = new RequestOptions().setURI("/v1/chat/completions");

        assertEquals(URI.create("http://127.0.0.1:8080/v1/chat/completions"), VertxCall.uriOf(options, client));
    }

    @Test
    void anIpv6HostIsBracketed() {
        RequestOptions options = new RequestOptions().setHost("::1").setPort(9000).setURI("/v1/messages");

        assertEquals(URI.create("http://[::1]:9000/v1/messages"), VertxCall.uriOf(options, DEFAULTS));
    }

    @Test
    void aServerAddressWithoutAHostIsLeftAlone() {
        RequestOptions options = new RequestOptions().setServer(SocketAddress.domainSocketAddress("/tmp/llm.sock"))
                .setURI("/v1/chat/completions");

        assertNull(VertxCall.uriOf(options, DEFAULTS));
    }
}
