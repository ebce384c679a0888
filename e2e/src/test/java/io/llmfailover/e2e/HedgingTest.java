package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.AppOutput.Result;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code hedge.after} end to end: the primary takes the request and then says nothing (no head for
 * a blocking call, a head and no event for a stream). After {@code hedge.after} the backup is sent
 * beside it, answers, and reaches the app; the primary's connection is closed at once, not when its
 * own deadline passes or the app exits. Every client that hedges: the OpenAI SDK and OkHttp, the JDK's
 * HttpClient (LangChain4j's too), Apache HttpClient 5 (classic) and 4, and Spring's WebClient.
 */
@Isolated
class HedgingTest {

    private static final String APP_KEY = "sk-app-hedging-0123456789";
    /** Far longer than the app runs: only the hedge's cancel can close the primary's connection before the app exits. */
    private static final String FIRST_BYTE_TIMEOUT = "60s";
    /**
     * The app pauses this long after its call before it exits: a connection the hedge released closes
     * at the start of the pause, one it leaked only when the JVM exits at its end.
     */
    private static final int PAUSE_MILLIS = 2500;

    @TempDir
    Path workDir;

    private FaultServer server;

    @BeforeEach
    void startProviders() throws IOException {
        server = FaultServer.start();
    }

    @AfterEach
    void stopProviders() throws IOException {
        server.close();
    }

    @ParameterizedTest
    @EnumSource(value = ClientCall.class, names = {"SDK_BLOCKING", "SDK_STREAM", "JDK_BLOCKING", "JDK_STREAM",
            "OKHTTP3_BLOCKING", "OKHTTP3_STREAM", "LANGCHAIN4J_BLOCKING", "LANGCHAIN4J_STREAM", "APACHE5_BLOCKING",
            "APACHE5_STREAM", "APACHE4_BLOCKING", "APACHE4_STREAM", "SPRING_AI_STREAM"})
    void theHedgeWinsAgainstASilentPrimaryWhoseConnectionIsReleased(ClientCall client) throws Exception {
        AtomicLong primaryReleasedAt = new AtomicLong();
        server.on("hedge", "primary", exchange -> {
            try {
                if (exchange.streaming()) {
                    exchange.chunkedHead(200, "text/event-stream");
                }
                exchange.awaitClientGone();
            } finally {
                primaryReleasedAt.set(System.nanoTime());
            }
        }).on("hedge", "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
        String primaryUrl = server.rootUrl("hedge", "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primaryUrl, server.rootUrl("hedge", "backup") + "/v1")
                .set("provider.backup.api-key", "sk-backup")
                .set("hedge.after", "300ms")
                .set("timeout.first-byte", FIRST_BYTE_TIMEOUT)
                .set("timeout.head", FIRST_BYTE_TIMEOUT)
                .writeTo(workDir.resolve("llm-failover-hedge.properties"));

        AppOutput output = client.launch(workDir, client.appBaseUrl(primaryUrl), APP_KEY, "1,pause:" + PAUSE_MILLIS)
                .withAgent(config).run();
        long exitedAt = System.nanoTime();

        assertCompleted(output);
        assertEquals("Hello from backup", output.result(1).map(Result::content).orElse(null), output::describe);
        if (client.streams()) {
            assertEquals(ProviderBehaviours.chunks("backup"), output.chunks(1), output::describe);
        }
        if (client.seesHeaders()) {
            assertEquals("backup", output.result(1).map(Result::provider).orElse(null), output::describe);
        }
        assertEquals(1, server.requests("hedge", "primary"), output::describe);
        assertEquals(1, server.requests("hedge", "backup"), output::describe);
        assertEquals("Bearer sk-backup", server.received("hedge", "backup").get(0).headers().get("authorization"),
                "the hedge carries the backup's key, never the app's");
        assertTrue(primaryReleasedAt.get() != 0, output::describe);
        assertTrue(exitedAt - primaryReleasedAt.get() > TimeUnit.MILLISECONDS.toNanos(PAUSE_MILLIS / 2),
                () -> "the losing attempt's connection stayed open until the app exited" + output.describe());
    }
}
