package io.llmfailover.runtime.failover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class AppKeyIdTest {

    private static final URI CHAT = URI.create("https://api.openai.com/v1/chat/completions");

    @Test
    void oneCredentialHeaderIsNamedByTheHashOfItsLowerCaseNameAndValue() throws Exception {
        String id = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("Authorization", "Bearer sk-tenant-a").build()));

        assertEquals("app:" + sha256("authorization:Bearer sk-tenant-a\n").substring(0, 12), id);
    }

    @Test
    void theSameCredentialGetsTheSameIdEveryTimeAndAnotherTenantAnother() {
        String first = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("authorization", "Bearer sk-tenant-a").build()));
        String again = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("AUTHORIZATION", "Bearer sk-tenant-a").build()));
        String other = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("Authorization", "Bearer sk-tenant-b").build()));

        assertEquals(first, again);
        assertNotEquals(first, other);
    }

    @Test
    void theSameValueUnderAnotherHeaderIsAnotherCredential() {
        String bearer = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("Authorization", "sk-same").build()));
        String apiKey = AppKeyId.of(request(CHAT, HttpHeaders.builder().add("x-api-key", "sk-same").build()));

        assertNotEquals(bearer, apiKey);
    }

    @Test
    void twoCredentialHeadersAndAQueryKeyAreHashedTogether() throws Exception {
        HttpHeaders headers = HttpHeaders.builder().add("x-api-key", "k1").add("Authorization", "Bearer t").build();
        URI withKey = URI.create("https://generativelanguage.googleapis.com/v1beta/models/g:generateContent?alt=sse&key=AIza");

        String id = AppKeyId.of(request(withKey, headers));

        assertEquals("app:" + sha256("authorization:Bearer t\nx-api-key:k1\nkey=AIza\n").substring(0, 12), id);
        String headerAndKey = AppKeyId.of(request(withKey, HttpHeaders.builder().add("x-api-key", "k1").build()));
        assertEquals("app:" + sha256("x-api-key:k1\nkey=AIza\n").substring(0, 12), headerAndKey);
    }

    @Test
    void noCredentialIsPlainApp() {
        assertEquals("app", AppKeyId.of(request(CHAT, HttpHeaders.EMPTY)));
        assertTrue(AppKeyId.of(request(URI.create(CHAT + "?key=AIza"), HttpHeaders.EMPTY)).startsWith("app:"));
    }

    private static LlmRequest request(URI uri, HttpHeaders headers) {
        return new LlmRequest("POST", uri, headers, "{}".getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
