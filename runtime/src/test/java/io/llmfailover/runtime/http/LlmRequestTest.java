package io.llmfailover.runtime.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class LlmRequestTest {

    private static final LlmRequest APP = new LlmRequest("POST", URI.create("https://api.openai.com/v1/chat/completions"),
            HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("Content-Type", "application/json").build(),
            "{\"model\":\"gpt-4o\"}".getBytes(StandardCharsets.UTF_8));

    @Test
    void theAppsOwnRequestAddsNothingToItself() {
        assertEquals(Map.of(), APP.headersAddedTo(APP).orElseThrow().asMap());
    }

    @Test
    void traceContextAddedToTheAppsRequestIsAllThatDiffers() {
        LlmRequest traced = APP.withHeaders(APP.headers().toBuilder()
                .set("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
                .set("tracestate", "vendor=1")
                .build());

        HttpHeaders added = traced.headersAddedTo(APP).orElseThrow();

        assertEquals(Map.of("traceparent", List.of("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"),
                "tracestate", List.of("vendor=1")), added.asMap());
    }

    static Stream<Arguments> rewrites() {
        return Stream.of(
                Arguments.of("another key", (UnaryOperator<LlmRequest>) r -> r.withHeaders(r.headers().with("Authorization", "Bearer sk-other"))),
                Arguments.of("a header removed", (UnaryOperator<LlmRequest>) r -> r.withHeaders(r.headers().toBuilder().remove("Content-Type").build())),
                Arguments.of("another URL", (UnaryOperator<LlmRequest>) r -> r.withUri(URI.create("https://api.deepseek.com/v1/chat/completions"))),
                Arguments.of("another body, even with equal bytes", (UnaryOperator<LlmRequest>) r -> r.withBody(r.body().clone())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rewrites")
    void anyOtherChangeMeansTheRequestIsNoLongerTheAppsOwn(String change, UnaryOperator<LlmRequest> rewrite) {
        assertTrue(rewrite.apply(APP).headersAddedTo(APP).isEmpty(), change);
    }
}
