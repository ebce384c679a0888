package io.llmfailover.runtime.failover;

import static io.llmfailover.runtime.failover.Chains.ANSWER;
import static io.llmfailover.runtime.failover.Chains.BACKUP;
import static io.llmfailover.runtime.failover.Chains.PRIMARY;
import static io.llmfailover.runtime.failover.Chains.THIRD;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.llmfailover.runtime.Gateway;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.http.AttemptRequest;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code x-llm-route}: an app picks its call's route by name, and the header never reaches a provider. */
class RouteHeaderTest {

    private static final String OVERLOADED = "{\"error\":{\"type\":\"server_error\"}}";

    private final Gateway gateway = gateway(
            new RouteSettings("main", "primary", null, List.of("primary", "backup")),
            new RouteSettings("cheap", "primary", "never-*", List.of("primary", "third")));

    private final ScriptedTransport transport = new ScriptedTransport()
            .on(PRIMARY, status(503, OVERLOADED))
            .on(BACKUP, ok(ANSWER))
            .on(THIRD, ok(ANSWER));

    @Test
    void theHeaderPicksTheNamedRouteOverTheOneTheModelWouldMatch() throws Exception {
        gateway.execute(withRoute("cheap"), transport).close();

        assertEquals(1, transport.sentTo(THIRD));
        assertEquals(0, transport.sentTo(BACKUP));
    }

    @Test
    void theHeaderNeverLeavesTheJvmNotEvenOnTheAppsOwnProvider() throws Exception {
        gateway.execute(withRoute("cheap"), transport).close();

        for (AttemptRequest attempt : transport.attempts) {
            assertFalse(attempt.request().headers().contains("x-llm-route"), attempt.request().uri().toString());
            assertFalse(attempt.original(), "the app's own request, which carries the header, is never sent as it is");
        }
        assertEquals("Bearer sk-app-secret", transport.attempts.get(0).request().headers().first("authorization").orElse(null),
                "the app's own provider still gets the app's credential");
    }

    @Test
    void anUnknownRouteNameFallsBackToTheRouteTheCallMatches() throws Exception {
        gateway.execute(withRoute("nonesuch"), transport).close();

        assertEquals(1, transport.sentTo(BACKUP));
        assertEquals(0, transport.sentTo(THIRD));
    }

    private static LlmRequest withRoute(String route) {
        LlmRequest chat = Chains.chat();
        return new LlmRequest(chat.method(), chat.uri(), chat.headers().toBuilder().set("X-LLM-Route", route).build(),
                chat.body());
    }

    private static Gateway gateway(RouteSettings... routes) {
        FailoverConfig base = Chains.config("primary", "backup");
        FailoverConfig config = new FailoverConfig(base.source(), base.providers(), List.of(routes), base.breaker(),
                base.throttle(), base.firstByteTimeout(), base.failoverOn(), base.otel(), base.strict(), base.extra());
        ManualClock clock = new ManualClock();
        return Gateway.builder(config).clock(clock).scheduler(new ManualScheduler(clock)).build();
    }
}
