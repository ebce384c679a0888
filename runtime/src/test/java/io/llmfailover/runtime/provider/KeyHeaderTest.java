package io.llmfailover.runtime.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeyHeaderTest {

    @ParameterizedTest(name = "{0} at {1}: {2}")
    @CsvSource({
            "OPENAI,    https://api.openai.com/v1,                 Authorization,  Bearer sk",
            "OPENAI,    https://res.openai.azure.com/openai/v1,    api-key,        sk",
            "OPENAI,    https://RES.OpenAI.Azure.com/openai/v1,    api-key,        sk",
            "OPENAI,    http://127.0.0.1:8080/openai,              Authorization,  Bearer sk",
            "ANTHROPIC, https://api.anthropic.com/v1,              x-api-key,      sk",
            "GEMINI,    https://generativelanguage.googleapis.com, x-goog-api-key, sk",
            "VERTEX_GEMINI,    https://aiplatform.googleapis.com/v1/projects/p/locations/global,    Authorization, Bearer sk",
            "VERTEX_ANTHROPIC, https://us-east5-aiplatform.googleapis.com/v1/projects/p/locations/us-east5, Authorization, Bearer sk"})
    void withoutAuthTheHeaderFollowsTheProtocolAndAzureHosts(Protocol protocol, String baseUrl, String header, String value) {
        KeyHeader keyHeader = KeyHeader.defaultFor(protocol, URI.create(baseUrl));

        assertEquals(header, keyHeader.headerName());
        assertEquals(value, keyHeader.valueFor("sk"));
    }

    @ParameterizedTest(name = "auth = {0}")
    @CsvSource({"bearer, BEARER", "api-key, API_KEY", " API-Key , API_KEY", "x-api-key, X_API_KEY",
            "x-goog-api-key, X_GOOG_API_KEY"})
    void authNamesOneHeader(String value, KeyHeader expected) {
        assertEquals(Optional.of(expected), KeyHeader.fromConfigName(value));
    }

    @ParameterizedTest(name = "auth = {0} is no header")
    @CsvSource({"basic", "authorization", "api_key"})
    void anythingElseIsNoHeader(String value) {
        assertEquals(Optional.empty(), KeyHeader.fromConfigName(value));
    }
}
