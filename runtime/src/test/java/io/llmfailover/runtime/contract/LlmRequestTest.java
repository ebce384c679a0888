package io.llmfailover.runtime.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LlmRequestTest {

    private static final LlmRequest APP = new LlmRequest("POST",
            URI.create("https://user:secret@api.openai.com/v1/chat/completions"),
            HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("Content-Type", "application/json").build(),
            "{\"model\":\"gpt-4o\"}".getBytes(StandardCharsets.UTF_8));

    @Test
    void addingNoHeadersKeepsTheSameRequest() {
        assertSame(APP, APP.withAddedHeaders(HttpHeaders.EMPTY));
    }

    @Test
    void addedHeadersComeAfterTheAppsOwn() {
        LlmRequest traced = APP.withAddedHeaders(HttpHeaders.builder()
                .add("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01").build());

        assertEquals(List.of("Bearer sk-app"), traced.headers().all("Authorization"));
        assertEquals(List.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"), traced.headers().all("traceparent"));
        assertSame(APP.body(), traced.body());
    }
}
