package io.llmfailover.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Google's OAuth token endpoint, on loopback: it grants an access token to a service account's
 * JWT assertion signed with the key pair it made, and writes the key file that names it as its
 * {@code token_uri} (what {@code GOOGLE_APPLICATION_CREDENTIALS} points at).
 */
final class GoogleTokenEndpoint implements AutoCloseable {

    static final String CLIENT_EMAIL = "failover-e2e@test-project.iam.gserviceaccount.com";
    /** How long a token it grants lasts, in seconds. */
    private static final long EXPIRES_IN = 3600;

    private final KeyPair keys;
    private final HttpServer server;
    private final String token = "ya29.e2e-" + UUID.randomUUID();
    private final AtomicInteger granted = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    /** When the token last granted expires; null before the first grant. */
    private volatile Instant expiry;

    GoogleTokenEndpoint() throws IOException, NoSuchAlgorithmException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        keys = generator.generateKeyPair();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/token", this::grant);
        server.start();
    }

    /** The one access token it grants. */
    String token() {
        return token;
    }

    /** Whether {@code authorization} is {@code Bearer} and the token it granted, not yet expired. */
    boolean authorises(String authorization) {
        Instant until = expiry;
        return ("Bearer " + token).equals(authorization) && until != null && Instant.now().isBefore(until);
    }

    int granted() {
        return granted.get();
    }

    int refused() {
        return refused.get();
    }

    /** A service account's key file whose {@code token_uri} is this endpoint. */
    Path writeKeyFile(Path file) throws IOException {
        String pem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(keys.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n";
        String json = "{\"type\":\"service_account\",\"project_id\":\"test-project\",\"private_key_id\":\"e2e-key\","
                + "\"private_key\":\"" + pem.replace("\n", "\\n") + "\",\"client_email\":\"" + CLIENT_EMAIL + "\","
                + "\"client_id\":\"1\",\"token_uri\":\"http://127.0.0.1:" + server.getAddress().getPort() + "/token\"}";
        return Files.writeString(file, json);
    }

    private void grant(HttpExchange exchange) throws IOException {
        Map<String, String> form = Arrays.stream(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                        .split("&"))
                .map(pair -> pair.split("=", 2)).filter(pair -> pair.length == 2)
                .collect(Collectors.toMap(pair -> pair[0], pair -> URLDecoder.decode(pair[1], StandardCharsets.UTF_8), (a, b) -> b));
        boolean valid = "urn:ietf:params:oauth:grant-type:jwt-bearer".equals(form.get("grant_type"))
                && signedByTheKeyFile(form.getOrDefault("assertion", ""));
        (valid ? granted : refused).incrementAndGet();
        if (valid) {
            expiry = Instant.now().plusSeconds(EXPIRES_IN);
        }
        byte[] answer = (valid ? "{\"access_token\":\"" + token + "\",\"expires_in\":" + EXPIRES_IN + ",\"token_type\":\"Bearer\"}"
                : "{\"error\":\"invalid_grant\"}").getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(valid ? 200 : 400, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
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

    @Override
    public void close() {
        server.stop(0);
    }
}
