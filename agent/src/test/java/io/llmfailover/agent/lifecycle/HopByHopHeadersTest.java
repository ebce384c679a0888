package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.runtime.contract.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class HopByHopHeadersTest {

    @Test
    void anAttemptLosesTheConnectionsHeadersAndWhatTheClientDerivesInAnyCase() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app").add("Host", "api.openai.com").add("Content-Length", "42")
                .add("Transfer-Encoding", "chunked").add("TE", "trailers").add("Content-Type", "application/json")
                .add("EXPECT", "100-continue").add("Proxy-Connection", "keep-alive")
                .build();

        assertEquals(List.of("Authorization: Bearer sk-app", "Content-Type: application/json"),
                pairs(HopByHopHeaders.strippedForAttempt(headers)));
    }

    @Test
    void theAppKeepsEverythingButTheConnectionsHeadersAndARedirectsLocation() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Content-Type", "application/json").add("Connection", "close").add("Location", "https://elsewhere")
                .add("Content-Length", "42")
                .build();

        assertEquals(List.of("Content-Type: application/json", "Content-Length: 42"),
                pairs(HopByHopHeaders.strippedForApp(307, headers)));
        assertEquals(List.of("Content-Type: application/json", "Location: https://elsewhere", "Content-Length: 42"),
                pairs(HopByHopHeaders.strippedForApp(200, headers)));
    }

    @Test
    void headersWithNothingToDropAreTheSameHeaders() {
        HttpHeaders headers = HttpHeaders.builder().add("Content-Type", "application/json").add("x-request-id", "r").build();

        assertSame(headers, HopByHopHeaders.strippedForAttempt(headers));
        assertSame(headers, HopByHopHeaders.strippedForApp(200, headers));
    }

    private static List<String> pairs(HttpHeaders headers) {
        List<String> pairs = new ArrayList<>();
        headers.forEach((name, value) -> pairs.add(name + ": " + value));
        return pairs;
    }
}
