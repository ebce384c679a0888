package io.llmfailover.runtime.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The app's credential is named by its keyed fingerprint under {@code state.key-salt}: never the credential, never its bare hash. */
class AppKeyIdTest {

    private static final URI CHAT = URI.create("https://api.openai.com/v1/chat/completions");
    private static final String SALT = "fleet-a-private-salt";

    private final AppKeyId ids = new AppKeyId(KeyFingerprint.salted(SALT));

    @Test
    void oneCredentialHeaderIsNamedByTheHmacOfItsLowerCaseNameAndValueUnderTheSalt() throws Exception {
        String id = ids.of(request(CHAT, HttpHeaders.builder().add("Authorization", "Bearer sk-tenant-a").build()));

        assertEquals("app:" + hmac(SALT, "authorization:Bearer sk-tenant-a\n"), id);
        assertNotEquals("app:" + sha256("authorization:Bearer sk-tenant-a\n").substring(0, 16), id,
                "never the bare hash, which anyone could check a guess against");
    }

    @Test
    void theSameCredentialGetsTheSameIdEveryTimeAndAnotherTenantAnother() {
        String first = ids.of(request(CHAT, HttpHeaders.builder().add("authorization", "Bearer sk-tenant-a").build()));
        String again = ids.of(request(CHAT, HttpHeaders.builder().add("AUTHORIZATION", "Bearer sk-tenant-a").build()));
        String other = ids.of(request(CHAT, HttpHeaders.builder().add("Authorization", "Bearer sk-tenant-b").build()));

        assertEquals(first, again);
        assertNotEquals(first, other);
    }

    @Test
    void anotherSaltNamesTheSameCredentialOtherwiseAndTheDefaultSaltIsStable() throws Exception {
        LlmRequest tenant = request(CHAT, HttpHeaders.builder().add("Authorization", "Bearer sk-tenant-a").build());

        String otherFleet = new AppKeyId(KeyFingerprint.salted("fleet-b-private-salt")).of(tenant);
        String byDefault = new AppKeyId(KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT)).of(tenant);

        assertNotEquals(ids.of(tenant), otherFleet);
        assertEquals("app:" + hmac(KeyFingerprint.DEFAULT_SALT, "authorization:Bearer sk-tenant-a\n"), byDefault);
        assertFalse(byDefault.contains("sk-tenant-a"));
    }

    @Test
    void theSameValueUnderAnotherHeaderIsAnotherCredential() {
        String bearer = ids.of(request(CHAT, HttpHeaders.builder().add("Authorization", "sk-same").build()));
        String apiKey = ids.of(request(CHAT, HttpHeaders.builder().add("x-api-key", "sk-same").build()));

        assertNotEquals(bearer, apiKey);
    }

    @Test
    void twoCredentialHeadersAndAQueryKeyAreFingerprintedTogether() throws Exception {
        HttpHeaders headers = HttpHeaders.builder().add("x-api-key", "k1").add("Authorization", "Bearer t").build();
        URI withKey = URI.create("https://generativelanguage.googleapis.com/v1beta/models/g:generateContent?alt=sse&key=AIza");

        String id = ids.of(request(withKey, headers));

        assertEquals("app:" + hmac(SALT, "authorization:Bearer t\nx-api-key:k1\nkey=AIza\n"), id);
        String headerAndKey = ids.of(request(withKey, HttpHeaders.builder().add("x-api-key", "k1").build()));
        assertEquals("app:" + hmac(SALT, "x-api-key:k1\nkey=AIza\n"), headerAndKey);
    }

    @Test
    void noCredentialIsPlainApp() {
        assertEquals("app", ids.of(request(CHAT, HttpHeaders.EMPTY)));
        assertTrue(ids.of(request(URI.create(CHAT + "?key=AIza"), HttpHeaders.EMPTY)).matches("app:[0-9a-f]{16}"));
    }

    private static LlmRequest request(URI uri, HttpHeaders headers) {
        return new LlmRequest("POST", uri, headers, "{}".getBytes(StandardCharsets.UTF_8));
    }

    /** The first 16 hex digits of HMAC-SHA-256(salt, text), worked out with the JDK alone. */
    static String hmac(String salt, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(salt.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8))).substring(0, 16);
    }

    private static String sha256(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
