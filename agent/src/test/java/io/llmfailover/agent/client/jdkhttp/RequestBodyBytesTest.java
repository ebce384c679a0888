package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.lifecycle.BufferedBody;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RequestBodyBytesTest {

    private static final URI CHAT = URI.create("http://127.0.0.1:1/v1/chat/completions");

    @Test
    void aBodyOfKnownLengthIsReadWhole() throws Exception {
        BufferedBody body = RequestBodyBytes.of(post(BodyPublishers.ofString("{\"model\":\"gpt-4o\"}")), 1024);

        assertTrue(body.fits());
        assertArrayEquals("{\"model\":\"gpt-4o\"}".getBytes(), body.bytes());
    }

    @Test
    void aBodyOfUnknownLengthLongerThanTheFirstGuessIsReadWhole() throws Exception {
        byte[] large = new byte[5000];
        Arrays.fill(large, (byte) 'x');

        BufferedBody body = RequestBodyBytes.of(post(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(large))),
                10_000);

        assertTrue(body.fits());
        assertArrayEquals(large, body.bytes());
    }

    @Test
    void aBodyOfUnknownLengthPastTheCapIsNotKept() throws Exception {
        byte[] large = new byte[5000];

        BufferedBody body = RequestBodyBytes.of(post(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(large))),
                4096);

        assertFalse(body.fits());
    }

    private static HttpRequest post(HttpRequest.BodyPublisher publisher) {
        return HttpRequest.newBuilder(CHAT).POST(publisher).build();
    }
}
