package io.llmfailover.runtime.keys.google;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.auth.oauth2.GoogleCredentials;
import com.sun.net.httpserver.HttpServer;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Google's Application Default Credentials as a service-account key file gives them: the token is
 * fetched from the file's {@code token_uri}, here a stub on loopback that checks the signed JWT it
 * is sent against the key pair the test made.
 */
class GoogleIdentityTest {

    private static final String TOKEN = "ya29.stub-access-token";
    private static final String CLIENT_EMAIL = "failover@test-project.iam.gserviceaccount.com";

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final List<String> grantedAssertions = new CopyOnWriteArrayList<>();
    private final List<String> refused = new CopyOnWriteArrayList<>();
    private KeyPair keys;
    private HttpServer tokenEndpoint;

    @BeforeEach
    void startTokenEndpoint() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        keys = generator.generateKeyPair();
        tokenEndpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        tokenEndpoint.createContext("/token", exchange -> {
            Map<String, String> form = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String assertion = form.getOrDefault("assertion", "");
            boolean valid = "urn:ietf:params:oauth:grant-type:jwt-bearer".equals(form.get("grant_type"))
                    && signedByTheKeyFile(assertion);
            byte[] answer = (valid ? "{\"access_token\":\"" + TOKEN + "\",\"expires_in\":3600,\"token_type\":\"Bearer\"}"
                    : "{\"error\":\"invalid_grant\"}").getBytes(StandardCharsets.UTF_8);
            (valid ? grantedAssertions : refused).add(assertion);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(valid ? 200 : 400, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        tokenEndpoint.start();
    }

    @AfterEach
    void stopTokenEndpoint() {
        tokenEndpoint.stop(0);
    }

    @Test
    void sendsTheAccessTokenOfTheServiceAccountAsABearerToken() throws Exception {
        GoogleIdentity identity = new GoogleIdentity(GoogleAccessTokens.of(this::keyFile, scheduler, clock).start());

        assertThrows(IdentityUnavailableException.class, () -> identity.credentialFor(request()),
                "before the token is fetched, off the call path");
        scheduler.advance(Duration.ZERO);

        assertEquals(Map.of("Authorization", "Bearer " + TOKEN), identity.credentialFor(request()));
        assertEquals(1, grantedAssertions.size(), () -> "refused: " + refused);
        String claims = new String(Base64.getUrlDecoder().decode(grantedAssertions.get(0).split("\\.")[1]),
                StandardCharsets.UTF_8);
        assertTrue(claims.contains("\"iss\":\"" + CLIENT_EMAIL + "\""), claims);
        assertTrue(claims.contains("https://www.googleapis.com/auth/cloud-platform"), claims);
    }

    @Test
    void aTokenIsFetchedOnceAndReusedUntilItNearsItsExpiry() throws Exception {
        GoogleIdentity identity = new GoogleIdentity(GoogleAccessTokens.of(this::keyFile, scheduler, clock).start());
        scheduler.advance(Duration.ZERO);

        for (int call = 0; call < 5; call++) {
            identity.credentialFor(request());
        }
        scheduler.advance(Duration.ofMinutes(5)); // renewal: the hour-long token is far from its expiry

        assertEquals(1, grantedAssertions.size());
    }

    @Test
    void theQuotaProjectOfTheCredentialsGoesAlong() throws Exception {
        GoogleIdentity identity = new GoogleIdentity(GoogleAccessTokens.of(
                () -> keyFile().createWithQuotaProject("billing-project"), scheduler, clock).start());
        scheduler.advance(Duration.ZERO);

        assertEquals(Map.of("Authorization", "Bearer " + TOKEN, "x-goog-user-project", "billing-project"),
                identity.credentialFor(request()));
    }

    @Test
    void neverShowsTheToken() throws Exception {
        GoogleIdentity identity = new GoogleIdentity(GoogleAccessTokens.of(this::keyFile, scheduler, clock).start());
        scheduler.advance(Duration.ZERO);

        assertFalse(identity.toString().contains(TOKEN));
        assertEquals("cloud:google", identity.id());
    }

    private GoogleCredentials keyFile() throws IOException {
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        String json = "{\"type\":\"service_account\",\"project_id\":\"test-project\",\"private_key_id\":\"key-1\","
                + "\"private_key\":\"" + pem.replace("\n", "\\n") + "\",\"client_email\":\"" + CLIENT_EMAIL + "\","
                + "\"client_id\":\"1\",\"token_uri\":\"" + tokenUri() + "\"}";
        return GoogleCredentials.fromStream(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private String tokenUri() {
        return "http://127.0.0.1:" + tokenEndpoint.getAddress().getPort() + "/token";
    }

    private boolean signedByTheKeyFile(String jwt) {
        try {
            String[] parts = jwt.split("\\.");
            Signature rs256 = Signature.getInstance("SHA256withRSA");
            rs256.initVerify(keys.getPublic());
            rs256.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            return rs256.verify(Base64.getUrlDecoder().decode(parts[2]));
        } catch (Exception | AssertionError malformed) {
            return false;
        }
    }

    private static Map<String, String> form(String body) {
        return java.util.Arrays.stream(body.split("&")).map(pair -> pair.split("=", 2)).filter(pair -> pair.length == 2)
                .collect(Collectors.toMap(pair -> pair[0], pair -> URLDecoder.decode(pair[1], StandardCharsets.UTF_8)));
    }

    private static LlmRequest request() {
        return new LlmRequest("POST", URI.create("https://us-east5-aiplatform.googleapis.com/v1/m:rawPredict"),
                HttpHeaders.EMPTY, new byte[0]);
    }
}
