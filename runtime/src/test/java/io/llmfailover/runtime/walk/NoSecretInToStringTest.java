package io.llmfailover.runtime.walk;


import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.KeyLease;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.resilience.throttle.ThrottleDecision;
import io.llmfailover.runtime.time.ManualClock;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Security: records holding keys or URLs with credentials never print them")
class NoSecretInToStringTest {

    private static final String SECRET = "sk-very-secret";
    private final KeyLease lease = new KeyLease(SECRET, "key#0", new Throttle("p#key#0", ThrottleSettings.DEFAULTS,
            new ManualClock()));

    @Test
    void aKeyLeaseNamesItsKeyIdOnly() {
        assertFalse(lease.toString().contains(SECRET), lease.toString());
        assertTrue(lease.toString().contains("key#0"));
    }

    @Test
    void aKeyPoolChoiceNamesItsKeyIdOnly() {
        KeyPool.Choice choice = new KeyPool.Choice(lease, new ThrottleDecision(ThrottleDecision.Kind.ALLOWED, 0, null));

        assertFalse(choice.toString().contains(SECRET), choice.toString());
    }

    @Test
    void anAttemptPrintsNeitherItsKeyNorItsHeaders() {
        Provider provider = new Provider("p", URI.create("https://api.example.com/v1"), Protocol.OPENAI, List.of(SECRET),
                Map.of());
        LlmRequest request = new LlmRequest("POST", URI.create("https://api.example.com/v1/chat/completions"),
                HttpHeaders.builder().add("Authorization", "Bearer " + SECRET).build(), SECRET.getBytes());
        TargetRequest target = new TargetRequest(Operation.CHAT_COMPLETIONS, "m", false, "/chat/completions",
                SECRET.getBytes(), HttpHeaders.EMPTY);
        Attempt attempt = new Attempt(provider, target, ProtocolBridges.between(Protocol.OPENAI, Protocol.OPENAI), request,
                lease, false);

        assertFalse(attempt.toString().contains(SECRET), attempt.toString());
    }

    @Test
    void aRequestPrintsHostAndPortButNoUserInfoOrQuery() {
        LlmRequest request = new LlmRequest("POST",
                URI.create("https://user:" + SECRET + "@api.example.com:8443/v1/models/m:generateContent?key=" + SECRET),
                HttpHeaders.EMPTY, new byte[0]);

        assertFalse(request.toString().contains(SECRET), request.toString());
        assertTrue(request.toString().contains("api.example.com:8443/v1/models/m:generateContent"), request.toString());
    }
}
