package io.llmfailover.agent.client.urlconnection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a governed HttpURLConnection reports, accessor by accessor, as the JDK's own connection would. */
class ChosenResponseTest {

    private static final URL URL = url("http://127.0.0.1:9/v1/chat/completions");

    @Test
    void aSuccessIsReadFromTheInputStreamAndHasNoErrorStream() throws IOException {
        ChosenResponse chosen = chosen(200, "hello");

        InputStream body = (InputStream) chosen.answer("getInputStream", null).value();

        assertEquals("hello", new String(body.readAllBytes(), StandardCharsets.UTF_8));
        assertNull(chosen.answer("getErrorStream", null).value());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "400, java.io.IOException",
            "429, java.io.IOException",
            "503, java.io.IOException",
            "404, java.io.FileNotFoundException",
    })
    void anErrorStatusThrowsFromTheInputStreamAndServesItsBodyOnTheErrorStream(int status, String thrown) throws Exception {
        ChosenResponse chosen = chosen(status, "{\"error\":{}}");

        HookOutcome input = chosen.answer("getInputStream", null);
        InputStream error = (InputStream) chosen.answer("getErrorStream", null).value();

        assertEquals(Class.forName(thrown), input.failure().getClass());
        assertEquals("{\"error\":{}}", new String(error.readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void theStatusLineIsHeaderZeroWithNoKeyAsGetResponseCodeExpects() {
        ChosenResponse chosen = chosen(429, "");

        assertEquals("HTTP/1.1 429 Too Many Requests", chosen.answer("getHeaderField", 0).value());
        assertNull(chosen.answer("getHeaderFieldKey", 0).value());
    }

    @Test
    void headersAreFoundByNameIgnoringCaseAndByIndexInOrder() {
        ChosenResponse chosen = chosen(200, "");

        assertEquals("backup", chosen.answer("getHeaderField", "X-LLM-FAILOVER-PROVIDER").value());
        assertEquals("Content-Type", chosen.answer("getHeaderFieldKey", 1).value());
        assertEquals("application/json", chosen.answer("getHeaderField", 1).value());
        assertNull(chosen.answer("getHeaderField", 3).value());
    }

    @Test
    @SuppressWarnings("unchecked")
    void allHeaderFieldsIncludeTheStatusLineUnderANullKey() {
        Map<String, List<String>> fields = (Map<String, List<String>>) chosen(200, "")
                .answer("getHeaderFields", null).value();

        assertEquals(List.of("HTTP/1.1 200 OK"), fields.get(null));
        assertEquals(List.of("backup"), fields.get("x-llm-failover-provider"));
    }

    @Test
    void theSameBodyStreamIsHandedOutEachTime() {
        ChosenResponse chosen = chosen(200, "x");

        assertSame(chosen.answer("getInputStream", null).value(), chosen.answer("getInputStream", null).value());
        assertInstanceOf(FileNotFoundException.class, chosen(404, "").answer("getInputStream", null).failure());
    }

    private static ChosenResponse chosen(int status, String body) {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Content-Type", "application/json")
                .add("x-llm-failover-provider", "backup")
                .build();
        return ChosenResponse.of(new BufferedResponse(status, headers, body.getBytes(StandardCharsets.UTF_8)), URL);
    }

    private static URL url(String text) {
        try {
            return new URL(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
