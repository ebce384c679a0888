package io.llmfailover.runtime.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlNormalisationTest {

    @ParameterizedTest(name = "{0} ({1}) -> {2}")
    @CsvSource(delimiter = '|', value = {
        "https://api.openai.com                             | OPENAI    | https://api.openai.com/v1",
        "https://api.openai.com/                            | OPENAI    | https://api.openai.com/v1",
        "https://api.openai.com/v1                          | OPENAI    | https://api.openai.com/v1",
        "https://api.openai.com/v1/                         | OPENAI    | https://api.openai.com/v1",
        "https://api.groq.com/openai/v1                     | OPENAI    | https://api.groq.com/openai/v1",
        "http://127.0.0.1:8080                              | OPENAI    | http://127.0.0.1:8080/v1",
        "http://127.0.0.1:8080/                             | ANTHROPIC | http://127.0.0.1:8080/v1",
        "https://api.anthropic.com                          | ANTHROPIC | https://api.anthropic.com/v1",
        "https://generativelanguage.googleapis.com          | GEMINI    | https://generativelanguage.googleapis.com/v1beta",
        "https://generativelanguage.googleapis.com/v1beta/openai/ | OPENAI | https://generativelanguage.googleapis.com/v1beta/openai",
        "HTTPS://API.OpenAI.com/v1                          | OPENAI    | https://api.openai.com/v1",
        "'  https://api.deepseek.com  '                     | OPENAI    | https://api.deepseek.com/v1",
        "https://api.openai.com:443/v1                      | OPENAI    | https://api.openai.com:443/v1",
    })
    void addsTheDefaultVersionPathOnlyWhenThereIsNoPathAndNeverEndsInASlash(String url, Protocol protocol, String expected) {
        assertEquals(URI.create(expected), BaseUrl.normalise(url, protocol));
    }

    @ParameterizedTest(name = "{0} is rejected: {1}")
    @CsvSource(delimiter = '|', value = {
        "ftp://api.openai.com/v1          | not an http(s) URL",
        "api.openai.com/v1                | not an http(s) URL",
        "https:///v1                      | the URL has no host",
        "https://user:secret@api.x.ai/v1  | credentials do not belong in the URL",
        "https://api.openai.com/v1?x=1    | a base URL takes no query",
        "https://api openai.com           | not a valid URL",
    })
    void rejectsWhatIsNotAnHttpBaseUrl(String url, String expectedMessageStart) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> BaseUrl.normalise(url, Protocol.OPENAI));
        assertTrue(error.getMessage().startsWith(expectedMessageStart), error.getMessage());
    }

    @ParameterizedTest(name = "{0} goes to port {1}")
    @CsvSource(delimiter = '|', value = {
        "https://api.openai.com/v1      | 443",
        "http://api.openai.com/v1       | 80",
        "https://api.openai.com:8443/v1 | 8443",
        "http://127.0.0.1:8080          | 8080",
    })
    void fillsInTheDefaultPortOfTheScheme(String url, int port) {
        assertEquals(port, BaseUrl.effectivePort(URI.create(url)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "https://us-east5-aiplatform.googleapis.com/v1/projects/my-proj/locations/us-east5/ | VERTEX_ANTHROPIC | ",
        "https://aiplatform.googleapis.com/v1/projects/my-proj/locations/global             | VERTEX_GEMINI    | ",
        "https://us-east5-aiplatform.googleapis.com/v1                                      | VERTEX_GEMINI    | a Vertex AI URL ends with /projects/<project>/locations/<location>",
        "https://us-east5-aiplatform.googleapis.com/v1/projects/my-proj                     | VERTEX_ANTHROPIC | a Vertex AI URL ends with /projects/<project>/locations/<location>",
        "https://us-east5-aiplatform.googleapis.com                                         | VERTEX_ANTHROPIC | a Vertex AI URL ends with /projects/<project>/locations/<location>",
    })
    void aVertexUrlNamesItsProjectAndLocation(String url, Protocol protocol, String error) {
        if (error == null) {
            assertTrue(BaseUrl.normalise(url, protocol).getRawPath().matches("/v1/projects/my-proj/locations/[a-z0-9-]+"));
        } else {
            assertEquals(error, assertThrows(IllegalArgumentException.class, () -> BaseUrl.normalise(url, protocol)).getMessage());
        }
    }
}
