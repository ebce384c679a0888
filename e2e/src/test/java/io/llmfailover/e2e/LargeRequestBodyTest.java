package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertAnsweredBy;
import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static io.llmfailover.e2e.AppAssertions.assertNoRouteHeader;
import static io.llmfailover.e2e.AppAssertions.assertNothingReceived;
import static io.llmfailover.e2e.AppAssertions.assertRequestCount;
import static io.llmfailover.e2e.AppAssertions.assertUploadedOnceAndWhole;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.AppArgs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * H4: the agent must never hold a request body the contract says it does not buffer ("Buffering and
 * pass-through"). Adapters that read every body whole before asking whether the call is governed
 * turn a file upload to a provider's host into an OutOfMemoryError the app would not have without
 * the agent; and a governed body over {@code buffer.max-bytes} must be sent once, as the app made
 * it, not buffered. Either way the agent's own {@code x-llm-route} header, which the apps send here,
 * reaches no provider. The same uploads without the agent are {@link ChildAppsWithoutAgentTest}'s
 * control: a red row here is the agent's doing, not the app's.
 */
class LargeRequestBodyTest {

    private static final String APP_KEY = "sk-app-e2e-upload";
    /** Every call and upload names this route in {@code x-llm-route}; it must reach no stub, governed or not. */
    private static final String NAMED_ROUTE = "e2e-tenant-route";
    /** 64 KB of prompt, far over the 1 KB cap below. */
    private static final int LARGE_PROMPT = 64 * 1024;

    @TempDir
    Path workDir;

    /**
     * {@code POST /v1/files} is not a governed operation: it streams through untouched, whatever
     * the client, in a JVM whose 128 MB heap could not hold the 200 MB file once.
     */
    @ParameterizedTest
    @EnumSource(UploadCall.class)
    void H4_a200MbUploadToAGovernedHostStreamsThroughTheAgentUnder128MbOfHeapAndArrivesOnceWhole(UploadCall client)
            throws Exception {
        try (UploadStub primary = UploadStub.start("primary"); UploadStub backup = UploadStub.start("backup")) {
            Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .writeTo(workDir.resolve("llm-failover-e2e.properties"));

            AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY)
                    .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE)
                    .withAgent(config)
                    .run();

            assertUploadedOnceAndWhole(primary, output);
            assertNothingReceived(backup, output);
            assertNoRouteHeader(primary, output);
        }
    }

    /**
     * Vert.x hands the app a request it may still set headers on: a small upload whose
     * {@code x-llm-route} is set there reaches the provider's host without it, once, answered.
     */
    @Test
    void aVertxUploadWithItsRouteHeaderSetOnTheRequestReachesTheProviderWithoutIt() throws Exception {
        try (UploadStub primary = UploadStub.start("primary"); UploadStub backup = UploadStub.start("backup")) {
            Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .writeTo(workDir.resolve("llm-failover-e2e.properties"));

            AppOutput output = ClientCall.VERTX_BLOCKING.launchUpload(workDir, primary.baseUrl(), APP_KEY)
                    .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE)
                    .withAgent(config)
                    .run();

            assertCompleted(output);
            assertEquals(1, primary.requests().size(), output::describe);
            assertEquals("/v1/files", primary.requests().get(0).path(), output::describe);
            assertEquals(200, output.result(1).orElseThrow(() -> new AssertionError(output.describe())).status());
            assertNoRouteHeader(primary, output);
            assertNothingReceived(backup, output);
        }
    }

    /**
     * A chat call is governed, but its body is over {@code buffer.max-bytes}: it is sent once, as
     * the app made it, ungoverned (no failover, one log line naming the key), and the app gets the
     * provider's answer.
     */
    @ParameterizedTest
    @MethodSource("io.llmfailover.e2e.ClientCall#onePerClient")
    void H4_aGovernedChatBodyOverBufferMaxBytesIsSentOnceAsTheAppMadeItAndAnswered(ClientCall client)
            throws Exception {
        try (StubProvider primary = StubProvider.answering("primary");
                StubProvider backup = StubProvider.answering("backup")) {
            Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .set("buffer.max-bytes", "1KB")
                    .writeTo(workDir.resolve("llm-failover-e2e.properties"));

            AppOutput output = client.launch(workDir, primary.baseUrl(), APP_KEY, "1")
                    .jvmArg("-D" + AppArgs.PROMPT_SIZE_PROPERTY + "=" + LARGE_PROMPT)
                    .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE)
                    .withAgent(config)
                    .run();

            assertCompleted(output);
            assertAnsweredBy(primary, client, output, 1);
            assertRequestCount(1, primary, output);
            assertRequestCount(0, backup, output);
            String sent = primary.chatRequests().get(0).getBodyAsString();
            assertTrue(sent.length() > LARGE_PROMPT, () -> "the body that arrived has " + sent.length() + " characters"
                    + output.describe());
            assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("buffer.max-bytes")),
                    () -> "no log line says the call went ungoverned because of buffer.max-bytes" + output.describe());
            assertNoRouteHeader(output, primary, backup);
        }
    }
}
