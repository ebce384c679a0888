package io.llmfailover.agent.client.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.runtime.time.TaskCap;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): the agent's filter hands a
 * governed call down the rest of the chain at once, ungoverned, as the app's filters left it, but
 * without the agent's own {@code x-llm-route}, even one an app filter set after the agent first
 * looked at the request.
 */
class MicronautAtTaskCapTest {

    private static final Duration HANG_GUARD = Duration.ofSeconds(20);

    @Test
    void aGovernedCallGoesDownTheChainUngovernedWithoutTheRouteHeaderAnAppFilterSet() throws Exception {
        MutableHttpRequest<String> request = HttpRequest.POST("http://127.0.0.1:8080/v1/chat/completions", "{}")
                .header("Authorization", "Bearer app-key");
        MicronautCall call = new MicronautCall(new MicronautAsk(null, false, Argument.of(String.class)), request);
        call.governedBy(CallLifecycle.start(MicronautBinding.INSTANCE, call, FakeGovernor::neverReached));
        request.header("x-llm-route", "budget"); // an app filter, which runs before the agent's
        call.reached(request, null);
        Map<String, String> sentDown = new ConcurrentHashMap<>();
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            GovernedRun.of(call, () -> {
                request.getHeaders().forEach((name, values) -> sentDown.put(name.toLowerCase(Locale.ROOT), values.get(0)));
                return Mono.empty();
            }).block(HANG_GUARD);
        }

        assertNull(sentDown.get("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", sentDown.get("authorization"));
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }
}
