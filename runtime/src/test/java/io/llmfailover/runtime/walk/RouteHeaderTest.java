package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.THIRD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code x-llm-route}: an app picks its call's route by name, among the routes that may serve the
 * provider it addressed, and the header never reaches a provider.
 */
class RouteHeaderTest {

    private static final String OVERLOADED = "{\"error\":{\"type\":\"server_error\"}}";

    private final Gateway gateway = gateway(
            new RouteSettings("main", "primary", null, List.of("primary", "backup")),
            new RouteSettings("cheap", "primary", "never-*", List.of("primary", "third")),
            new RouteSettings("operators", "backup", null, List.of("backup", "third")));

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

    /**
     * A header the app forwards from its end user must not send a call made with a tenant's key to
     * another provider's route, on the operator's keys: the name is ignored and the call takes its own route.
     */
    @Test
    void aRouteWhoseMatchNamesAnotherProviderIsNotPickedByTheHeader() throws Exception {
        ScriptedTransport primaryUp = new ScriptedTransport().on(PRIMARY, ok(ANSWER)).on(BACKUP, ok(ANSWER))
                .on(THIRD, ok(ANSWER));

        gateway.execute(withRoute("operators"), primaryUp).close();

        assertEquals(1, primaryUp.sentTo(PRIMARY), "the call goes where the app addressed it");
        assertEquals(0, primaryUp.sentTo(BACKUP), "never onto another provider's route");
        assertEquals(0, primaryUp.sentTo(THIRD));
    }

    @Test
    void aRouteThatIsNotSelectableIsNotPickedEvenWhenTheAddressedProviderIsDown() throws Exception {
        gateway.execute(withRoute("operators"), transport).close();

        assertEquals(1, transport.sentTo(PRIMARY));
        assertEquals(1, transport.sentTo(BACKUP), "the call's own route: main, primary then backup");
        assertEquals(0, transport.sentTo(THIRD), "not the operators' route, backup then third");
    }

    @Test
    void aSelectableRouteMayBePickedForACallToAnotherProvider() throws Exception {
        Gateway selectable = gateway(
                new RouteSettings("main", "primary", null, List.of("primary", "backup")),
                new RouteSettings("operators", "backup", null, List.of("backup", "third"), null, true));
        ScriptedTransport upstream = new ScriptedTransport().on(PRIMARY, ok(ANSWER)).on(BACKUP, status(503, OVERLOADED))
                .on(THIRD, ok(ANSWER));

        selectable.execute(withRoute("operators"), upstream).close();

        assertEquals(0, upstream.sentTo(PRIMARY), "the operator allowed this route for any call");
        assertEquals(1, upstream.sentTo(BACKUP));
        assertEquals(1, upstream.sentTo(THIRD));
        for (AttemptRequest attempt : upstream.attempts) {
            assertFalse(attempt.request().headers().contains("authorization")
                    && attempt.request().headers().first("authorization").orElse("").contains("sk-app-secret"),
                    "the app's credential never leaves for a provider it did not address");
            assertFalse(attempt.request().headers().contains("x-llm-route"));
        }
    }

    private static LlmRequest withRoute(String route) {
        LlmRequest chat = Chains.chat();
        return new LlmRequest(chat.method(), chat.uri(), chat.headers().toBuilder().set("X-LLM-Route", route).build(),
                chat.body());
    }

    private static Gateway gateway(RouteSettings... routes) {
        FailoverConfig base = Chains.config("primary", "backup");
        FailoverConfig config = new FailoverConfig(base.source(), base.providers(), List.of(routes), base.breaker(),
                base.throttle(), base.firstContentDeadline(), base.failoverOn(), base.otel(), base.strict(), base.extra());
        ManualClock clock = new ManualClock();
        return Gateway.builder(config).clock(clock).scheduler(new ManualScheduler(clock)).build();
    }
}
