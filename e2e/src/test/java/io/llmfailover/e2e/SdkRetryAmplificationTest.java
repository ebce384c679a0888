package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import io.llmfailover.e2e.ScriptedProvider.Reply;
import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import io.llmfailover.e2e.apps.SdkRetries;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official SDKs with their own retries left at their defaults (2 retries each): when the
 * primary refuses and the agent serves the call from the backup, the SDK sees a success and never
 * retries, so the primary receives exactly one request per call and the backup one per call, and
 * no request the primary receives is an SDK retry ({@code x-stainless-retry-count} above 0).
 *
 * <p>A 429 asks for a one-second silence, so its calls are spaced past it: each call meets the
 * primary once.
 */
@Isolated
class SdkRetryAmplificationTest {

    private static final String RATE_LIMITED_PLAN = "1,pause:1100,1";
    private static final String OVERLOADED_PLAN = "2";
    private static final int CALLS = 2;

    @TempDir
    Path workDir;

    @ParameterizedTest
    @ValueSource(strings = {"429", "503"})
    void openAiSdkRetriesNeverReachThePrimary(String fault) throws Exception {
        try (ScriptedProvider primary = ScriptedProvider.start("primary", List.of(reply(fault)));
                StubProvider backup = StubProvider.answering("backup")) {
            Path config = ConfigFile.primaryFallingOverTo(primary.baseUrl(), backup.baseUrl())
                    .set("provider.backup.api-key", "sk-backup-sdk-retries")
                    .writeTo(workDir.resolve("llm-failover-openai-sdk.properties"));

            AppOutput output = ChildJvm.of(OpenAiSdkApp.class, workDir)
                    .jvmArg("-D" + SdkRetries.DEFAULT_RETRIES_PROPERTY + "=true")
                    .args(primary.baseUrl(), "sk-app-sdk-retries", "blocking", plan(fault))
                    .withAgent(config)
                    .run();

            assertEachCallMetEachProviderOnce("openai-java", fault, output, primary, () -> backup.chatRequests().size());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"429", "503"})
    void anthropicSdkRetriesNeverReachThePrimary(String fault) throws Exception {
        try (ScriptedProvider primary = ScriptedProvider.start("primary", List.of(reply(fault)));
                AnthropicStub backup = AnthropicStub.answering("backup")) {
            Path config = ConfigFile.create()
                    .set("provider.primary.url", primary.baseUrl())
                    .set("provider.primary.protocol", "anthropic")
                    .set("provider.backup.url", backup.baseUrl())
                    .set("provider.backup.protocol", "anthropic")
                    .set("provider.backup.api-key", "sk-ant-backup-sdk-retries")
                    .set("route.main.match", "primary")
                    .set("route.main.chain", "primary, backup")
                    .writeTo(workDir.resolve("llm-failover-anthropic-sdk.properties"));
            String sdkRoot = primary.baseUrl().substring(0, primary.baseUrl().length() - "/v1".length());

            AppOutput output = ChildJvm.of(AnthropicSdkApp.class, workDir)
                    .jvmArg("-D" + SdkRetries.DEFAULT_RETRIES_PROPERTY + "=true")
                    .args(sdkRoot, "sk-ant-app-sdk-retries", "blocking", plan(fault))
                    .withAgent(config)
                    .run();

            assertEachCallMetEachProviderOnce("anthropic-java", fault, output, primary, () -> backup.requests().size());
        }
    }

    private static void assertEachCallMetEachProviderOnce(String sdk, String fault, AppOutput output,
            ScriptedProvider primary, IntSupplier backupRequests) {
        assertCompleted(output);
        long primaryRequests = primary.requests();
        int backupCount = backupRequests.getAsInt();
        System.out.printf("%s, SDK retries at their default, primary always %s: %d calls; primary %d requests"
                        + " (%.2f per call, x-stainless-retry-count %s), backup %d (%.2f per call)%n",
                sdk, fault, CALLS, primaryRequests, (double) primaryRequests / CALLS, primary.sdkRetryCounts(),
                backupCount, (double) backupCount / CALLS);
        List<Result> results = output.results();
        assertEquals(CALLS, results.size(), output::describe);
        assertTrue(results.stream().allMatch(result -> result.status() == 200 && result.content().equals("Hello from backup")),
                output::describe);
        assertEquals(CALLS, primaryRequests, () -> "requests the primary received" + output.describe());
        assertEquals(CALLS, backupCount, () -> "requests the backup received" + output.describe());
        assertTrue(primary.sdkRetryCounts().stream().allMatch("0"::equals),
                () -> "an SDK retry reached the primary: " + primary.sdkRetryCounts() + output.describe());
    }

    private static Reply reply(String fault) {
        return fault.equals("429") ? Reply.rateLimited("1") : Reply.overloaded();
    }

    private static String plan(String fault) {
        return fault.equals("429") ? RATE_LIMITED_PLAN : OVERLOADED_PLAN;
    }
}
