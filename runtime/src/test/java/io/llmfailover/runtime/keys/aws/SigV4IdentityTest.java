package io.llmfailover.runtime.keys.aws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.Credentials;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.RefreshedCredential;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

class SigV4IdentityTest {

    private static final String ACCESS_KEY = "AKIDEXAMPLE";
    private static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
    private static final String SESSION_TOKEN = "FQoGZXIvYXdzEXAMPLETOKEN";
    private static final Instant NOW = Instant.parse("2026-12-05T04:30:00Z");
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})");

    private final ManualClock clock = new ManualClock(NOW);
    private final ManualScheduler scheduler = new ManualScheduler(clock);

    @Test
    void signsTheRequestAsAwsRecomputesItFromTheSecretKey() throws Exception {
        LlmRequest request = converse("https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4%3A0/converse",
                "{\"messages\":[{\"role\":\"user\",\"content\":[{\"text\":\"hi\"}]}]}");

        Map<String, String> credential = identity(AwsCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY), "us-east-1")
                .credentialFor(request);

        Matcher authorization = authorization(credential);
        assertEquals(ACCESS_KEY, authorization.group(1));
        assertEquals("20261205", authorization.group(2));
        assertEquals("us-east-1", authorization.group(3));
        assertEquals("bedrock", authorization.group(4));
        assertEquals("host;x-amz-content-sha256;x-amz-date", authorization.group(5));
        assertEquals("20261205T043000Z", header(credential, "x-amz-date"));
        assertEquals(SigV4Recomputation.hex(SigV4Recomputation.sha256(request.body())),
                header(credential, "x-amz-content-sha256"));
        assertEquals(recomputed(request, credential, authorization, "us-east-1"), authorization.group(6));
        assertFalse(lowerCaseNames(credential).contains("host"), "the client writes the host itself");
    }

    @Test
    void aSessionTokenIsSentAndSigned() throws Exception {
        LlmRequest request = converse("https://bedrock-runtime.eu-west-3.amazonaws.com/model/m/converse-stream", "{}");

        Map<String, String> credential = identity(
                AwsSessionCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY, SESSION_TOKEN), "eu-west-3").credentialFor(request);

        Matcher authorization = authorization(credential);
        assertEquals(SESSION_TOKEN, header(credential, "x-amz-security-token"));
        assertEquals("host;x-amz-content-sha256;x-amz-date;x-amz-security-token", authorization.group(5));
        assertEquals(recomputed(request, credential, authorization, "eu-west-3"), authorization.group(6));
    }

    @Test
    void aLoopbackPortIsPartOfTheSignedHost() throws Exception {
        LlmRequest request = converse("http://127.0.0.1:8123/model/m/converse", "{\"a\":1}");

        Map<String, String> credential = identity(AwsCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY), "us-west-2")
                .credentialFor(request);

        Matcher authorization = authorization(credential);
        assertEquals(recomputed(request, credential, authorization, "us-west-2"), authorization.group(6));
    }

    @Test
    void anotherBodyIsAnotherSignature() throws Exception {
        SigV4Identity identity = identity(AwsCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY), "us-east-1");
        String url = "https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse";

        String first = authorization(identity.credentialFor(converse(url, "{\"model\":\"a\"}"))).group(6);
        String second = authorization(identity.credentialFor(converse(url, "{\"model\":\"b\"}"))).group(6);

        assertNotEquals(first, second);
    }

    @Test
    void theSignatureReplacesTheAppsCredentialAndKeepsItsOtherHeaders() throws Exception {
        LlmRequest request = converse("https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse", "{}")
                .withHeaders(HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("x-api-key", "sk-app")
                        .add("content-type", "application/json").add("X-Amz-Date", "19700101T000000Z").build());

        LlmRequest signed = Credentials.authorized(request,
                identity(AwsCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY), "us-east-1"));

        assertEquals(1, signed.headers().all("authorization").size());
        assertTrue(signed.headers().first("authorization").orElseThrow().startsWith("AWS4-HMAC-SHA256 "));
        assertFalse(signed.headers().contains("x-api-key"));
        assertEquals(List.of("20261205T043000Z"), signed.headers().all("x-amz-date"));
        assertEquals("application/json", signed.headers().first("content-type").orElseThrow());
    }

    @Test
    void beforeTheFirstCredentialsAreResolvedNothingIsSignedAndNothingWaits() {
        RefreshedCredential<AwsCredentialsIdentity> none = AwsCredentialsChain.over(
                () -> AwsCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY), scheduler, clock).start();
        SigV4Identity identity = new SigV4Identity(SigV4Identity.BEDROCK, "us-east-1", none, signingClock());

        assertThrows(IdentityUnavailableException.class, () -> identity.credentialFor(converse("https://x.test/m", "{}")));
        scheduler.advance(Duration.ZERO);
        assertTrue(identityHasCredentials(identity));
    }

    @Test
    void toStringNamesTheServiceAndRegionNeverTheCredentials() {
        SigV4Identity identity = identity(AwsSessionCredentialsIdentity.create(ACCESS_KEY, SECRET_KEY, SESSION_TOKEN),
                "us-east-1");

        assertEquals("SigV4Identity[bedrock, us-east-1]", identity.toString());
    }

    private static boolean identityHasCredentials(SigV4Identity identity) {
        try {
            identity.credentialFor(converse("https://x.test/m", "{}"));
            return true;
        } catch (IdentityUnavailableException none) {
            return false;
        }
    }

    private SigV4Identity identity(AwsCredentialsIdentity credentials, String region) {
        RefreshedCredential<AwsCredentialsIdentity> resolved =
                AwsCredentialsChain.over(() -> credentials, scheduler, clock).start();
        scheduler.advance(Duration.ZERO);
        return new SigV4Identity(SigV4Identity.BEDROCK, region, resolved, signingClock());
    }

    private static java.time.Clock signingClock() {
        return java.time.Clock.fixed(NOW, ZoneOffset.UTC);
    }

    private static LlmRequest converse(String url, String body) {
        return new LlmRequest("POST", URI.create(url), HttpHeaders.builder().add("content-type", "application/json").build(),
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static Matcher authorization(Map<String, String> credential) {
        Matcher matcher = AUTHORIZATION.matcher(header(credential, "authorization"));
        assertTrue(matcher.matches(), credential::toString);
        return matcher;
    }

    /** The signature AWS would compute for the request as sent: its host, and the credential's headers. */
    private static String recomputed(LlmRequest request, Map<String, String> credential, Matcher authorization,
            String region) throws Exception {
        Map<String, String> sent = new TreeMap<>();
        credential.forEach((name, value) -> sent.put(name.toLowerCase(Locale.ROOT), value));
        URI uri = request.uri();
        boolean defaultPort = uri.getPort() == -1;
        sent.put("host", defaultPort ? uri.getHost() : uri.getHost() + ":" + uri.getPort());
        return SigV4Recomputation.signature("POST", uri, sent, Arrays.asList(authorization.group(5).split(";")),
                request.body(), SECRET_KEY, header(credential, "x-amz-date"), region, "bedrock");
    }

    private static String header(Map<String, String> headers, String name) {
        return headers.entrySet().stream().filter(header -> header.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + headers.keySet()));
    }

    private static List<String> lowerCaseNames(Map<String, String> headers) {
        return headers.keySet().stream().map(name -> name.toLowerCase(Locale.ROOT)).toList();
    }
}
