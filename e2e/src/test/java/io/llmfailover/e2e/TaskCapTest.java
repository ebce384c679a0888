package io.llmfailover.e2e;

import static io.llmfailover.e2e.AppAssertions.assertCompleted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.e2e.apps.AppArgs;
import io.llmfailover.e2e.apps.ManyStreamsApp;
import io.llmfailover.e2e.apps.VertxManyStreamsApp;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's task cap ({@code -Dllm.failover.agent.max-threads}) set to 4, and an app that holds
 * three times as many streams open at once: as many as the cap first, then twice as many more with
 * a blocking call (no read timeout) to a provider that hangs. Every stream completes (a stream
 * being relayed to the app takes no slot, and a call that finds no slot goes out ungoverned, never
 * waiting in a line), and the blocking call fails over at the head deadline, to the backup, well
 * before the app would give up. Every call names a route in {@code x-llm-route}, which reaches no
 * provider, whether the call was governed or went out ungoverned at the cap.
 */
class TaskCapTest {

    private static final String CELL = "cap";
    private static final String NAMED_ROUTE = "e2e-tenant-route";
    private static final int CAP = 4;
    private static final int STREAMS = 3 * CAP;
    /** Far beyond what the calls need when nothing hangs, far below the hanging provider's minute. */
    private static final Duration CHILD_TIMEOUT = Duration.ofSeconds(40);
    /** Each stream lasts a few seconds, so that all of them are open at once. */
    private static final String DELTAS = "0123456789AB";
    private static final int EVENTS = 12;
    private static final Duration EVENT_SPACING = Duration.ofMillis(250);

    @TempDir
    Path workDir;

    private FaultServer providers;

    @BeforeEach
    void start() throws Exception {
        providers = FaultServer.start()
                .on(CELL, "streamer", TaskCapTest::slowStream)
                .on(CELL, "primary", ProviderBehaviours.hanging())
                .on(CELL, "backup", ProviderBehaviours.answering(ChatWire.OPENAI, "backup"));
    }

    @AfterEach
    void stop() throws Exception {
        providers.close();
    }

    @Test
    void moreStreamsThanTaskSlotsAllCompleteAndAHangingHeadStillFailsOver() throws Exception {
        String streamer = providers.rootUrl(CELL, "streamer") + "/v1";
        String primary = providers.rootUrl(CELL, "primary") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(primary, providers.rootUrl(CELL, "backup") + "/v1")
                .set("provider.streamer.url", streamer)
                .set("provider.streamer.protocol", "openai")
                .set("timeout.head", "1s")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));

        AppOutput output = ChildJvm.of(ManyStreamsApp.class, workDir)
                .args(streamer, primary, "sk-app-cap-0123456789", String.valueOf(CAP), String.valueOf(STREAMS - CAP))
                .jvmArg("-Dllm.failover.agent.max-threads=" + CAP)
                .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE)
                .withAgent(config)
                .timeout(CHILD_TIMEOUT)
                .run();

        assertCompleted(output);
        assertTrue(output.errors().isEmpty(), output::describe);
        assertFalse(output.stdoutLines().contains("NOT-ALL-FLOWING"), "every stream flows at once" + output.describe());
        String streamed = DELTAS.substring(0, EVENTS);
        for (int call = 1; call <= STREAMS; call++) {
            assertEquals(streamed, output.result(call).orElseThrow().content(), "stream " + call + output.describe());
        }
        assertEquals(ProviderBehaviours.content("backup"), output.result(STREAMS + 1).orElseThrow().content(),
                "the blocking call failed over at the head deadline" + output.describe());
        assertEquals(STREAMS, providers.requests(CELL, "streamer"), "each stream sent once" + output.describe());
        assertEquals(1, providers.requests(CELL, "primary"), output::describe);
        List<String> log = output.stderrLines();
        assertTrue(log.stream().anyMatch(line -> line.contains("sent as the app made it, ungoverned")), output::describe);
        assertNoRouteHeader(output, "streamer", "primary", "backup");
    }

    /**
     * Vert.x, whose calls start on its event loop: with a cap of 1, calls started together find the
     * only slot taken by the first one's walk, go out as the app made them, and all complete.
     */
    @Test
    void vertxCallsThatFindNoSlotGoOutUngovernedAndComplete() throws Exception {
        providers.on(CELL, "slow", ProviderBehaviours.slowToFirstByte(ChatWire.OPENAI, "slow", Duration.ofMillis(500)));
        String slow = providers.rootUrl(CELL, "slow") + "/v1";
        Path config = ConfigFile.primaryFallingOverTo(slow, providers.rootUrl(CELL, "backup") + "/v1")
                .writeTo(workDir.resolve("llm-failover-e2e.properties"));
        int calls = 6;

        AppOutput output = ChildJvm.of(VertxManyStreamsApp.class, workDir)
                .classPath(ClientCall.vertxClassPath())
                .args(slow, "sk-app-cap-0123456789", String.valueOf(calls))
                .jvmArg("-Dllm.failover.agent.max-threads=1")
                .jvmArg("-D" + AppArgs.ROUTE_PROPERTY + "=" + NAMED_ROUTE)
                .withAgent(config)
                .timeout(CHILD_TIMEOUT)
                .run();

        assertCompleted(output);
        assertTrue(output.errors().isEmpty(), output::describe);
        for (int call = 1; call <= calls; call++) {
            assertEquals(ProviderBehaviours.content("slow"), output.result(call).orElseThrow().content(), output::describe);
        }
        assertEquals(calls, providers.requests(CELL, "slow"), "each sent once" + output.describe());
        assertTrue(output.stderrLines().stream().anyMatch(line -> line.contains("sent as the app made it, ungoverned")),
                output::describe);
        assertNoRouteHeader(output, "slow", "backup");
    }

    /** The agent's own {@code x-llm-route} reached none of these providers, on any request. */
    private void assertNoRouteHeader(AppOutput output, String... roles) {
        for (String role : roles) {
            for (FaultExchange.Request received : providers.received(CELL, role)) {
                assertFalse(received.headers().containsKey(AppArgs.ROUTE_HEADER),
                        () -> AppArgs.ROUTE_HEADER + " reached " + role + " on " + received.path() + output.describe());
            }
        }
    }

    /** A stream of {@value #EVENTS} one-character deltas, one every {@link #EVENT_SPACING}. */
    private static void slowStream(FaultExchange exchange) throws IOException, InterruptedException {
        exchange.chunkedHead(200, "text/event-stream", "Cache-Control", "no-cache");
        List<String> deltas = List.of(DELTAS.substring(0, EVENTS).split(""));
        for (String event : ChatWire.OPENAI.eventsThrough("streamer", deltas, deltas.size())) {
            exchange.chunk(event);
            FaultExchange.pause(EVENT_SPACING);
        }
        exchange.endChunks();
    }
}
