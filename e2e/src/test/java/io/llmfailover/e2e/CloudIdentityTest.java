package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A fallback reached with the cloud's own identity ({@code provider.<name>.auth = sigv4 | google}):
 * the app's primary answers 429, and the call goes to a loopback stand-in for the cloud that
 * recomputes the SigV4 signature from the credentials the child was given (or checks the Google
 * access token its token endpoint granted) and refuses, with a 403, a request that fails the check.
 * The stand-in speaks {@code openai}: signing and tokens do not depend on the protocol.
 */
class CloudIdentityTest {

    private static final String APP_KEY = "sk-app-e2e-cloud";
    private static final String ACCESS_KEY = "AKIDE2ECLOUDTEST";
    private static final String SECRET_KEY = "e2eSecretKey/K7MDENG+bPxRfiCYEXAMPLEKEY";
    private static final String SESSION_TOKEN = "e2eSessionToken+FQoGZXIvYXdz";
    private static final String REGION = "eu-west-1";
    /** Room for the agent to resolve its credentials, off the call path, before the app's first call. */
    private static final String PLAN = "pause:3000,2";

    @TempDir
    Path workDir;

    private StubProvider primary;
    private StubProvider cloud;

    @BeforeEach
    void startProviders() {
        primary = StubProvider.answering("primary").rateLimited(Duration.ofSeconds(30));
        cloud = StubProvider.answering("cloud");
    }

    @AfterEach
    void stopProviders() {
        primary.close();
        cloud.close();
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "SDK_STREAM"})
    void aSigv4FallbackGetsRequestsSignedWithTheAwsCredentialsOfTheEnvironment(ClientCall client) throws Exception {
        cloud.refusing(new SigV4Check(ACCESS_KEY, SECRET_KEY, REGION, "bedrock")::accepts);

        AppOutput output = withAwsCredentials(client.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                .withAgent(sigv4Config().writeTo(workDir.resolve("llm-failover.properties"))))
                .run();

        assertCompleted(output);
        assertAnsweredBy(cloud, client, output, 1, 2);
        List<LoggedRequest> signed = cloud.chatRequests();
        assertEquals(2, signed.size(), output::describe);
        for (LoggedRequest received : signed) {
            assertTrue(received.getHeader("Authorization").startsWith("AWS4-HMAC-SHA256 Credential=" + ACCESS_KEY + "/"));
            assertEquals(SESSION_TOKEN, received.getHeader("X-Amz-Security-Token"));
            assertFalse(received.getHeader("Authorization").contains(APP_KEY), "the app's key never goes to the cloud");
            assertNothingSecretIn(output, received.getHeader("Authorization").replaceAll(".*Signature=", ""));
        }
    }

    /**
     * Web identity, as EKS IRSA sets it up: a token file and a role, exchanged by the AWS SDK's STS
     * client (here a loopback stand-in for STS) for temporary credentials that sign the request.
     */
    @Test
    void aSigv4FallbackSignsWithTheTemporaryCredentialsOfAWebIdentity() throws Exception {
        WireMockServer sts = LoopbackWireMock.start();
        try {
            String expiration = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS).toString();
            sts.stubFor(WireMock.post(WireMock.urlEqualTo("/"))
                    .withRequestBody(WireMock.containing("Action=AssumeRoleWithWebIdentity"))
                    .withRequestBody(WireMock.containing("WebIdentityToken=e2e-web-identity-token"))
                    .willReturn(WireMock.aResponse().withStatus(200).withHeader("Content-Type", "text/xml").withBody(
                            "<AssumeRoleWithWebIdentityResponse xmlns=\"https://sts.amazonaws.com/doc/2011-06-15/\">"
                            + "<AssumeRoleWithWebIdentityResult><Credentials><AccessKeyId>" + ACCESS_KEY + "</AccessKeyId>"
                            + "<SecretAccessKey>" + SECRET_KEY + "</SecretAccessKey><SessionToken>" + SESSION_TOKEN + "</SessionToken>"
                            + "<Expiration>" + expiration + "</Expiration></Credentials>"
                            + "<AssumedRoleUser><Arn>arn:aws:sts::123456789012:assumed-role/failover/e2e</Arn>"
                            + "<AssumedRoleId>AROAE2E:e2e</AssumedRoleId></AssumedRoleUser></AssumeRoleWithWebIdentityResult>"
                            + "<ResponseMetadata><RequestId>e2e</RequestId></ResponseMetadata></AssumeRoleWithWebIdentityResponse>")));
            cloud.refusing(new SigV4Check(ACCESS_KEY, SECRET_KEY, REGION, "bedrock")::accepts);
            Path token = Files.writeString(workDir.resolve("web-identity-token"), "e2e-web-identity-token");

            AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                    .withAgent(sigv4Config().writeTo(workDir.resolve("llm-failover.properties")))
                    .env("AWS_WEB_IDENTITY_TOKEN_FILE", token.toString())
                    .env("AWS_ROLE_ARN", "arn:aws:iam::123456789012:role/failover")
                    .env("AWS_ROLE_SESSION_NAME", "e2e")
                    .env("AWS_REGION", REGION)
                    .env("AWS_ENDPOINT_URL_STS", "http://127.0.0.1:" + sts.port())
                    .env("AWS_EC2_METADATA_DISABLED", "true")
                    .env("AWS_SHARED_CREDENTIALS_FILE", workDir.resolve("no-credentials").toString())
                    .env("AWS_CONFIG_FILE", workDir.resolve("no-config").toString())
                    .run();

            assertCompleted(output);
            assertAnsweredBy(cloud, ClientCall.JDK_BLOCKING, output, 1, 2);
            assertEquals(1, sts.findAll(RequestPatternBuilder.allRequests()).size(), output::describe);
            assertEquals(SESSION_TOKEN, cloud.chatRequests().get(0).getHeader("X-Amz-Security-Token"));
        } finally {
            sts.stop();
        }
    }

    @Test
    void aBadSignatureIsRefusedByTheStandIn() throws Exception {
        cloud.refusing(new SigV4Check(ACCESS_KEY, "another secret key", REGION, "bedrock")::accepts);

        AppOutput output = withAwsCredentials(ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                .withAgent(sigv4Config().writeTo(workDir.resolve("llm-failover.properties"))))
                .run();

        assertCompleted(output);
        assertEquals(2, cloud.chatRequests().size(), output::describe);
        assertTrue(output.results().isEmpty(), () -> "the stand-in refused every signature" + output.describe());
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("fallback backup (key cloud:sigv4) answered HTTP 403")),
                output::describe);
    }

    /** With no AWS credentials anywhere, the SigV4 step is passed over, said once, and the chain's next step answers. */
    @Test
    void aSigv4StepWithoutCredentialsIsPassedOverWithOneLineNeverWaitedOn() throws Exception {
        try (StubProvider last = StubProvider.answering("last")) {
            ConfigFile config = ConfigFile.create()
                    .set("provider.primary.url", primary.baseUrl())
                    .set("provider.backup.url", cloud.baseUrl())
                    .set("provider.backup.auth", "sigv4")
                    .set("provider.backup.region", REGION)
                    .set("provider.last.url", last.baseUrl())
                    .set("route.main.match", "primary")
                    .set("route.main.chain", "primary, backup, last");

            AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                    .withAgent(config.writeTo(workDir.resolve("llm-failover.properties")))
                    .env("AWS_EC2_METADATA_DISABLED", "true")
                    .env("AWS_SHARED_CREDENTIALS_FILE", workDir.resolve("no-credentials").toString())
                    .env("AWS_CONFIG_FILE", workDir.resolve("no-config").toString())
                    .run();

            assertCompleted(output);
            assertAnsweredBy(last, ClientCall.JDK_BLOCKING, output, 1, 2);
            assertEquals(0, cloud.chatRequests().size(), output::describe);
            assertEquals(1, output.stderrLines().stream().filter(line -> line.contains("backup passed over: no AWS credentials"))
                    .count(), output::describe);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"JDK_BLOCKING", "SDK_STREAM"})
    void aGoogleFallbackGetsTheAccessTokenOfTheApplicationDefaultCredentials(ClientCall client) throws Exception {
        try (GoogleTokenEndpoint tokens = new GoogleTokenEndpoint()) {
            cloud.refusing(request -> ("Bearer " + tokens.token()).equals(request.getHeader("Authorization")));
            Path keyFile = tokens.writeKeyFile(workDir.resolve("service-account.json"));
            ConfigFile config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), cloud.baseUrl())
                    .set("provider.backup.auth", "google");

            AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                    .withAgent(config.writeTo(workDir.resolve("llm-failover.properties")))
                    .env("GOOGLE_APPLICATION_CREDENTIALS", keyFile.toString())
                    .run();

            assertCompleted(output);
            assertAnsweredBy(cloud, client, output, 1, 2);
            assertEquals(1, tokens.granted(), "one token, fetched in the background and reused" + output.describe());
            assertEquals(0, tokens.refused(), output::describe);
            assertNothingSecretIn(output, tokens.token());
        }
    }

    /**
     * An app whose chain has no cloud identity loads none of the clouds' libraries, nor the classes
     * that use them (only the runtime's own ProviderIdentity interface, which a key lease names).
     */
    @Test
    void withoutACloudIdentityNoneOfTheCloudLibrariesIsLoaded() throws Exception {
        Path classLoads = workDir.resolve("class-loads.txt");
        AppOutput output = ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                .withAgent(ConfigFile.primaryFallingOverTo(primary.baseUrl(), cloud.baseUrl())
                        .writeTo(workDir.resolve("llm-failover.properties")))
                .jvmArg("-Xlog:class+load=info:file=" + classLoads)
                .run();

        assertCompleted(output);
        assertAnsweredBy(cloud, ClientCall.JDK_BLOCKING, output, 1);
        List<String> cloudClasses = cloudClasses(Files.readAllLines(classLoads));
        assertTrue(cloudClasses.isEmpty(), () -> cloudClasses.size() + " cloud classes loaded, first " + cloudClasses.get(0));
    }

    /** The same check sees them when a provider signs: the test above would catch a class that slipped in. */
    @Test
    void withASigv4ProviderTheSignerIsLoaded() throws Exception {
        Path classLoads = workDir.resolve("class-loads.txt");
        cloud.refusing(new SigV4Check(ACCESS_KEY, SECRET_KEY, REGION, "bedrock")::accepts);
        AppOutput output = withAwsCredentials(ClientCall.JDK_BLOCKING.launch(workDir, primary.baseUrl(), APP_KEY, PLAN)
                .withAgent(sigv4Config().writeTo(workDir.resolve("llm-failover.properties")))
                .jvmArg("-Xlog:class+load=info:file=" + classLoads))
                .run();

        assertCompleted(output);
        List<String> cloudClasses = cloudClasses(Files.readAllLines(classLoads));
        assertTrue(cloudClasses.stream().anyMatch(line -> line.contains(" io.llmfailover.runtime.keys.aws.SigV4Identity ")),
                output::describe);
        assertTrue(cloudClasses.stream().anyMatch(line -> line.contains(".shaded.awssdk.http.auth.aws.signer.AwsV4HttpSigner ")),
                output::describe);
    }

    private ConfigFile sigv4Config() {
        return ConfigFile.primaryFallingOverTo(primary.baseUrl(), cloud.baseUrl())
                .set("provider.backup.auth", "sigv4")
                .set("provider.backup.region", REGION);
    }

    /** Static credentials, first in the AWS default chain; no instance metadata looked for. */
    private static ChildJvm withAwsCredentials(ChildJvm child) {
        return child.env("AWS_ACCESS_KEY_ID", ACCESS_KEY)
                .env("AWS_SECRET_ACCESS_KEY", SECRET_KEY)
                .env("AWS_SESSION_TOKEN", SESSION_TOKEN)
                .env("AWS_EC2_METADATA_DISABLED", "true");
    }

    private static List<String> cloudClasses(List<String> classLoads) {
        return classLoads.stream().filter(line -> line.contains(".shaded.awssdk.") || line.contains(".shaded.google.")
                || line.contains(" io.llmfailover.runtime.keys.aws.") || line.contains(" io.llmfailover.runtime.keys.google.")
                || line.contains(" io.llmfailover.runtime.keys.identity.RefreshedCredential")).toList();
    }

    /** The agent's lines and the app's output hold none of the secrets, nor the signature or token made with them. */
    private static void assertNothingSecretIn(AppOutput output, String madeWithThem) {
        for (String secret : List.of(SECRET_KEY, SESSION_TOKEN, madeWithThem)) {
            assertFalse(output.describe().replace(output.command(), "").contains(secret), () -> "a secret in the output" + output.describe());
        }
    }
}
