package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.telemetry.DecisionLog;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** {@code agent.log.level = debug}: one line per call with the agent's decision, never a key or a prompt. */
class DecisionLogTest {

    private final ScriptedTransport transport = new ScriptedTransport();
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Gateway gateway = Gateway.builder(Chains.config("primary", "backup"))
            .observer(new DecisionLog(lines::add)).build();

    @Test
    void aFailedOverCallIsOneLineWithTheRouteEachAttemptAndWhoAnswered() throws IOException {
        transport.on(PRIMARY, status(429, "{}", "retry-after", "5"));
        transport.on(BACKUP, ok(ANSWER));

        gateway.execute(chat(), transport).close();

        assertEquals(1, lines.size(), String.valueOf(lines));
        String line = lines.get(0);
        assertEquals("llm-failover: POST http://127.0.0.1:9001/v1/chat/completions governed: chat gpt-4o, addressed "
                + "primary, route main: attempt 1 primary model gpt-4o key app -> HTTP 429 rate_limited, fails over;"
                + " attempt 2 backup model backup-model key " + Chains.keyId("backup-key") + " -> HTTP 200 success; answered HTTP 200 by backup",
                line.replaceAll("key app:[0-9a-f]{16}", "key app"));
        assertFalse(line.contains("sk-app-secret") || line.contains("backup-key") || line.contains("hi\""), line);
    }

    @Test
    void theGatewaySaysWhyACallIsNotGoverned() {
        assertTrue(gateway.whyNotGoverned("POST", URI.create("http://127.0.0.1:9999/v1/chat/completions"))
                .startsWith("no provider at http://127.0.0.1:9999"));
        assertTrue(gateway.whyNotGoverned("POST", URI.create("http://127.0.0.1:9001/v1/files"))
                .startsWith("POST /v1/files is not a generation call of primary"));
        assertTrue(gateway.whyNotGoverned("GET", URI.create("http://127.0.0.1:9001/v1/models"))
                .startsWith("GET /v1/models is not a generation call"));
        assertNull(gateway.whyNotGoverned("POST", URI.create("http://localhost:4318/v1/traces")),
                "traffic that is no LLM call at all (the agent's own export) has nothing to explain");
    }

    /** A near miss: a provider's host and port, but another scheme or a path outside its url's path. */
    @Test
    void aCallToAProvidersHostAndPortThatIsNotGovernedNamesTheNearestProviderAndWhatDiffers() {
        assertEquals("the nearest provider, primary (http://127.0.0.1:9001/v1), differs: the call's scheme is https, the "
                + "provider's http (a call is governed when its scheme, host and port are those of a provider's url and its "
                + "path lies under that url's path)",
                gateway.whyNotGoverned("POST", URI.create("https://127.0.0.1:9001/v1/chat/completions")));
        assertTrue(gateway.whyNotGoverned("POST", URI.create("http://localhost:9002/openai/v1/chat/completions"))
                .startsWith("the nearest provider, backup (http://127.0.0.1:9002/v1), differs: the call's path "
                        + "/openai/v1/chat/completions is not under the provider's /v1"));
    }
}
