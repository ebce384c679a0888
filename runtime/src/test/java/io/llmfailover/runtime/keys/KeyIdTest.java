package io.llmfailover.runtime.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.state.LocalResilienceState;
import io.llmfailover.runtime.state.ResilienceState;
import io.llmfailover.runtime.time.ManualClock;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A provider's key is named by its fingerprint, not its place in a list: two services of one fleet
 * (two pools over one shared state, as Redis shares throttles by name) silence the same key
 * together and never each other's different keys, whatever order each lists its keys in.
 */
class KeyIdTest {

    private static final HttpHeaders RATE_LIMITED = HttpHeaders.builder().set("retry-after", "30").build();

    private final ManualClock clock = new ManualClock();
    /** What a fleet shares: throttles by their names. */
    private final ResilienceState fleet = new LocalResilienceState(BreakerSettings.DEFAULTS, ThrottleSettings.DEFAULTS,
            clock, List.of(), List.of());

    @Test
    void oneServicesRateLimitedKeyNeverSilencesAnotherServicesDifferentKey() {
        KeyPool serviceA = new KeyPool(fleet);
        KeyPool serviceB = new KeyPool(fleet);

        rateLimited(serviceA.choose(openai("sk-service-a-0123456789"), null));
        KeyLease b = serviceB.choose(openai("sk-service-b-0123456789"), null).lease();

        assertNotNull(b, "service B's own key is not silenced by service A's 429");
    }

    @Test
    void aReorderedKeyListKeepsEachSilenceOnItsOwnKey() {
        KeyPool deployedFirst = new KeyPool(fleet);
        KeyPool deployedLater = new KeyPool(fleet);
        KeyLease silenced = rateLimited(deployedFirst.choose(openai("sk-one-0123456789", "sk-two-0123456789"), null));

        List<String> sent = sendThrice(deployedLater, openai("sk-two-0123456789", "sk-one-0123456789"));

        assertEquals("sk-one-0123456789", silenced.key());
        assertEquals(List.of("sk-two-0123456789", "sk-two-0123456789", "sk-two-0123456789"), sent,
                "the silenced key is skipped in its new place, and the other key is not silenced in its old one");
    }

    @Test
    void theSameKeyInTwoServicesIsOneIdSoItsLimitIsShared() {
        KeyPool serviceA = new KeyPool(fleet);
        KeyPool serviceB = new KeyPool(fleet);
        rateLimited(serviceA.choose(openai("sk-shared-0123456789"), null));

        List<String> sent = sendThrice(serviceB, openai("sk-own-0123456789", "sk-shared-0123456789"));

        assertEquals(List.of("sk-own-0123456789", "sk-own-0123456789", "sk-own-0123456789"), sent,
                "service B does not send to the key service A was told is rate limited");
    }

    @Test
    void aKeyIdIsShortReadableAndFreeOfTheFleetsSeparatorsAndNeverTheKey() {
        KeyPool pool = new KeyPool(fleet);
        String key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";

        KeyLease lease = pool.choose(openai(key), null).lease();

        assertTrue(lease.keyId().matches("key:[0-9a-f]{16}"), lease.keyId());
        assertEquals(KeyPool.keyId(KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT), key), lease.keyId());
        assertFalse(lease.keyId().contains("sk-"));
        assertFalse(lease.toString().contains(key));
    }

    @Test
    void anotherSaltNamesTheSameKeyOtherwise() throws Exception {
        String key = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";

        String fleetA = KeyPool.keyId(KeyFingerprint.salted("fleet-a-salt"), key);
        String fleetB = KeyPool.keyId(KeyFingerprint.salted("fleet-b-salt"), key);

        assertNotEquals(fleetA, fleetB);
        assertEquals(fleetA, KeyPool.keyId(KeyFingerprint.salted("fleet-a-salt"), key), "stable across instances");
        assertEquals("key:" + AppKeyIdTest.hmac("fleet-a-salt", key), fleetA);
    }

    /** Three calls' keys, each call's slot given back as a success. */
    private static List<String> sendThrice(KeyPool pool, Provider provider) {
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            KeyPool.Choice choice = pool.choose(provider, null);
            assertNotNull(choice.lease(), "a key is free");
            sent.add(choice.lease().key());
            choice.decision().slot().onSuccess(HttpHeaders.EMPTY);
        }
        return sent;
    }

    /** The chosen key, told 429 with a Retry-After of 30 s. */
    private static KeyLease rateLimited(KeyPool.Choice choice) {
        choice.decision().slot().onRateLimited(RATE_LIMITED);
        return choice.lease();
    }

    private static Provider openai(String... keys) {
        return new Provider("openai", URI.create("https://api.openai.com/v1"), Protocol.OPENAI, List.of(keys), Map.of());
    }
}
