package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JdkRequestMappingTest {

    private final HttpRequest appRequest = HttpRequest.newBuilder(URI.create("http://127.0.0.1:9001/v1/chat/completions"))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .header("Authorization", "Bearer sk-app")
            .header("X-App", "mine")
            .version(HttpClient.Version.HTTP_1_1)
            .expectContinue(true)
            .timeout(Duration.ofSeconds(30))
            .build();
    private final LlmRequest rewritten = new LlmRequest("POST", URI.create("http://127.0.0.1:9002/v1/chat/completions"),
            HttpHeaders.builder().add("Authorization", "Bearer sk-backup").add("Content-Type", "application/json")
                    .add("Host", "127.0.0.1:9001").add("CONTENT-LENGTH", "2").add("Connection", "close").build(),
            "{\"model\":\"m\"}".getBytes(StandardCharsets.UTF_8));

    @Test
    void aRewrittenAttemptCarriesItsOwnAddressHeadersAndBodyAndTheAppsVersionExpectContinueAndTimeout() {
        HttpRequest request = JdkRequestMapping.toJdk(rewritten, appRequest, null);

        assertEquals(rewritten.uri(), request.uri());
        assertEquals("POST", request.method());
        assertEquals(Map.of("Authorization", List.of("Bearer sk-backup"),
                "Content-Type", List.of("application/json")), request.headers().map(),
                "none of the app's own headers, none the client sets itself");
        assertEquals(rewritten.body().length, request.bodyPublisher().orElseThrow().contentLength());
        assertEquals(Optional.of(HttpClient.Version.HTTP_1_1), request.version());
        assertTrue(request.expectContinue());
        assertEquals(Optional.of(Duration.ofSeconds(30)), request.timeout());
    }

    @Test
    void aHeadDeadlineReplacesTheAppsTimeout() {
        assertEquals(Optional.of(Duration.ofSeconds(2)),
                JdkRequestMapping.toJdk(rewritten, appRequest, Duration.ofSeconds(2)).timeout());
        HttpRequest noTimeout = HttpRequest.newBuilder(appRequest.uri()).POST(HttpRequest.BodyPublishers.noBody()).build();
        HttpRequest request = JdkRequestMapping.toJdk(rewritten, noTimeout, null);
        assertEquals(Optional.empty(), request.timeout());
        assertEquals(Optional.empty(), request.version());
        assertFalse(request.expectContinue());
    }
}
