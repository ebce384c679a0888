package io.llmfailover.runtime.walk;


import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.FailoverHeaders;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.keys.KeyLease;
import io.llmfailover.runtime.keys.KeyPool;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.testing.ScriptedTransport;
import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Breakers and throttles belong to the right resource and the right tenant (M4). */
class StateIsolationTest {

    private static final String PRIMARY = "127.0.0.1:9001";
    private static final String BACKUP = "127.0.0.1:9002";
    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final String ANSWER = "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}";

    private final ManualClock clock = new ManualClock();
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    private final ScriptedTransport transport = new ScriptedTransport();

    @Test
    @DisplayName("M4a: one Azure resource's outage does not open another resource's breaker")
    void M4a_eachAzureResourceHasItsOwnBreaker() throws IOException {
        Gateway gateway = Gateway.builder(FailoverConfig.defaults()).clock(clock).scheduler(scheduler).build();
        transport.on("down.openai.azure.com", status(503, "{}"));
        transport.on("up.openai.azure.com", ok(ANSWER));
        for (int i = 0; i < BreakerSettings.DEFAULTS.consecutiveFailures() + 1; i++) {
            gateway.execute(azureChat("down"), transport);
        }
        long sentToDown = transport.sentTo("down.openai.azure.com");

        LlmResponse answer = gateway.execute(azureChat("up"), transport);

        assertEquals(BreakerSettings.DEFAULTS.consecutiveFailures(), sentToDown, "the failing resource's breaker opened");
        assertEquals(200, answer.status());
        assertEquals(1, transport.sentTo("up.openai.azure.com"), "the healthy resource is still called");
    }

    @Test
    @DisplayName("M4b: one tenant's 429 silences that tenant's credential only, not another tenant's")
    void M4b_oneTenantsRateLimitDoesNotSendAnotherTenantToTheFallback() throws IOException {
        Gateway gateway = Gateway.builder(twoProviders()).clock(clock).scheduler(scheduler).build();
        transport.on(PRIMARY, request -> request.headers().first("Authorization").orElse("").contains("tenant-a")
                ? ScriptedTransport.response(429, "{}", "retry-after", "30")
                : ScriptedTransport.response(200, ANSWER));
        transport.on(BACKUP, ok(ANSWER));

        gateway.execute(chat("sk-tenant-a"), transport);
        LlmResponse tenantA = gateway.execute(chat("sk-tenant-a"), transport);
        LlmResponse tenantB = gateway.execute(chat("sk-tenant-b"), transport);

        assertEquals(Optional.of("backup"), tenantA.headers().first(FailoverHeaders.PROVIDER), "tenant A is silenced");
        assertFalse(tenantB.headers().contains(FailoverHeaders.PROVIDER), "tenant B is still served by the primary");
        assertEquals(2, transport.sentTo(PRIMARY));
    }

    @Test
    @DisplayName("M4b: app credentials get non-secret, bounded key ids")
    void M4b_appKeyIdsAreHashesAndBounded() {
        LocalResilienceState state = new LocalResilienceState(BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS, clock,
                List.of(), List.of());
        KeyPool keys = new KeyPool(state);
        Provider appKeyed = new Provider("openai", URI.create("https://api.openai.com/v1"), Protocol.OPENAI, List.of(),
                Map.of());

        KeyLease first = keys.choose(appKeyed, chat("sk-secret-0")).lease();
        first.throttle().tryAcquire().slot().onIgnored();
        for (int i = 1; i < KeyPool.MAX_APP_KEYS + 10; i++) {
            keys.choose(appKeyed, chat("sk-secret-" + i)).decision().slot().onIgnored();
        }
        KeyLease late = keys.choose(appKeyed, chat("sk-secret-late")).lease();
        KeyLease later = keys.choose(appKeyed, chat("sk-secret-later")).lease();

        assertTrue(first.keyId().matches("app:[0-9a-f]{16}"), first.keyId());
        assertFalse(first.keyId().contains("secret"));
        assertNotEquals(late.keyId(), later.keyId(), "a credential past the bound still has its own throttle");
        assertNotSame(late.throttle(), later.throttle());
        assertTrue(state.controls().throttlesOf("openai").size() <= KeyPool.MAX_APP_KEYS,
                "throttles kept: " + state.controls().throttlesOf("openai").size());
        assertEquals(first.keyId(), keys.choose(appKeyed, chat("sk-secret-0")).lease().keyId(), "stable per credential");
    }

    @Test
    void theCredentialUsedLeastRecentlyMakesRoomAndItsThrottleIsDropped() {
        LocalResilienceState state = new LocalResilienceState(BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS, clock,
                List.of(), List.of());
        KeyPool keys = new KeyPool(state);
        Provider appKeyed = new Provider("openai", URI.create("https://api.openai.com/v1"), Protocol.OPENAI, List.of(),
                Map.of());
        for (int i = 0; i < KeyPool.MAX_APP_KEYS; i++) {
            keys.choose(appKeyed, chat("sk-" + i)).decision().slot().onIgnored();
        }
        String leastRecentlyUsed = keys.appKeyIds().of(chat("sk-1"));
        keys.choose(appKeyed, chat("sk-0")).decision().slot()
                .onRateLimited(HttpHeaders.builder().add("retry-after", "30").build());

        keys.choose(appKeyed, chat("sk-new")).decision().slot().onIgnored();

        assertFalse(state.controls().throttlesOf("openai").containsKey(leastRecentlyUsed), "dropped with its credential");
        assertTrue(keys.choose(appKeyed, chat("sk-0")).decision().nanosUntilAllowed() > 0,
                "the credential in use keeps its silence");
    }

    /** A reload that keeps the state keeps bounding it: the credentials kept before it are still counted. */
    @Test
    void theBoundOnAppCredentialsHoldsAcrossReloads() throws IOException {
        transport.on(PRIMARY, ok(ANSWER));
        Gateway gateway = Gateway.builder(twoProviders()).clock(clock).scheduler(scheduler).build();
        int tenant = 0;
        for (int reload = 0; reload < 3; reload++) {
            for (int call = 0; call < KeyPool.MAX_APP_KEYS; call++) {
                gateway.execute(chat("sk-tenant-" + tenant++), transport).close();
            }
            gateway = Gateway.builder(twoProviders()).clock(clock).scheduler(scheduler).carryingOver(gateway).build();
        }

        assertEquals(KeyPool.MAX_APP_KEYS, gateway.providerStates().of("primary").orElseThrow().keys().size(),
                "the throttles of the credentials used last, whatever the reloads in between");
    }

    private static LlmRequest azureChat(String resource) {
        return new LlmRequest("POST", URI.create("https://" + resource + ".openai.azure.com/openai/v1/chat/completions"),
                HttpHeaders.builder().add("api-key", "k").build(), CHAT.getBytes(StandardCharsets.UTF_8));
    }

    private static LlmRequest chat(String appKey) {
        return new LlmRequest("POST", URI.create("http://" + PRIMARY + "/v1/chat/completions"),
                HttpHeaders.builder().add("Authorization", "Bearer " + appKey).build(), CHAT.getBytes(StandardCharsets.UTF_8));
    }

    private static FailoverConfig twoProviders() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        providers.put("primary", new Provider("primary", URI.create("http://" + PRIMARY + "/v1"), Protocol.OPENAI,
                List.of(), Map.of()));
        providers.put("backup", new Provider("backup", URI.create("http://" + BACKUP + "/v1"), Protocol.OPENAI,
                List.of("backup-key"), Map.of()));
        return new FailoverConfig(Optional.empty(), providers,
                List.of(new RouteSettings("main", "primary", null, List.of("primary", "backup"))),
                BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS,
                Map.of(), false, Map.of());
    }
}
