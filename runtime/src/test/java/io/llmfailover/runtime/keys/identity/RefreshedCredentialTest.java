package io.llmfailover.runtime.keys.identity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.runtime.time.ManualClock;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

class RefreshedCredentialTest {

    private static final Instant START = Instant.parse("2026-12-05T04:00:00Z");

    private final ManualClock clock = new ManualClock(START);
    private final ManualScheduler scheduler = new ManualScheduler(clock);
    /** What each resolution gives: a credential, or an exception to throw. */
    private final Deque<Object> answers = new ArrayDeque<>();
    private int resolutions;

    private record Token(String value, Instant expiry) {}

    private final RefreshedCredential<Token> credential = new RefreshedCredential<>("test token", this::resolve,
            Token::expiry, scheduler, clock);

    @Test
    void nothingIsResolvedOnTheCallersThreadNorBeforeTheRenewingThreadRuns() {
        answers.add(new Token("t1", null));

        credential.start();

        assertNull(credential.current());
        assertEquals(0, resolutions, "start only schedules the first resolution");
        scheduler.advance(Duration.ZERO);
        assertEquals("t1", credential.current().value());
        credential.current();
        assertEquals(1, resolutions, "a caller reads what was resolved, it never resolves");
    }

    @Test
    void aCredentialThatDoesNotExpireIsRenewedEveryFiveMinutes() {
        answers.add(new Token("t1", null));
        answers.add(new Token("t2", null));
        credential.start();
        scheduler.advance(Duration.ZERO);

        scheduler.advance(Duration.ofMinutes(5).minusSeconds(1));
        assertEquals("t1", credential.current().value());
        scheduler.advance(Duration.ofSeconds(1));
        assertEquals("t2", credential.current().value());
    }

    @Test
    void anExpiringCredentialIsRenewedHalfwayToItsExpiry() {
        answers.add(new Token("t1", START.plus(Duration.ofMinutes(4))));
        answers.add(new Token("t2", START.plus(Duration.ofHours(1))));
        credential.start();
        scheduler.advance(Duration.ZERO);

        scheduler.advance(Duration.ofMinutes(2).minusSeconds(1));
        assertEquals("t1", credential.current().value());
        scheduler.advance(Duration.ofSeconds(1));
        assertEquals("t2", credential.current().value());
    }

    @Test
    void aFailedRenewalKeepsTheLastCredentialUntilItExpiresAndRetriesWithBackOff() {
        answers.add(new Token("t1", START.plus(Duration.ofSeconds(40))));
        answers.add(new IOException("metadata server unreachable"));
        answers.add(new IOException("metadata server unreachable"));
        answers.add(new IOException("metadata server unreachable"));
        answers.add(new Token("t2", null));
        credential.start();
        passSeconds(0);

        passSeconds(20); // renewal halfway to the expiry: fails, tried again 5 s later
        assertEquals("t1", credential.current().value(), "the last one still holds");
        assertEquals(2, resolutions);
        passSeconds(5); // fails again, tried again 10 s later
        assertEquals(3, resolutions);
        passSeconds(10); // and again, 20 s later
        assertEquals(4, resolutions);
        assertEquals("t1", credential.current().value());
        passSeconds(5);
        assertNull(credential.current(), "expired at 40 s: passed over rather than sent stale");
        passSeconds(15);
        assertEquals("t2", credential.current().value());
        assertEquals(5, resolutions);
    }

    @Test
    void theRetriesBackOffToTwoMinutesAtMost() {
        for (int i = 0; i < 10; i++) {
            answers.add(new IOException("no credentials in the chain"));
        }
        credential.start();
        passSeconds(0);

        // 5, 10, 20, 40, 80, then 120 s apart.
        passSeconds(5 + 10 + 20 + 40 + 80);
        assertEquals(6, resolutions);
        passSeconds(119);
        assertEquals(6, resolutions);
        passSeconds(1);
        assertEquals(7, resolutions);
        assertNull(credential.current());
    }

    @Test
    void toStringNeverShowsTheCredential() {
        answers.add(new Token("secret-token-value", null));
        credential.start();
        scheduler.advance(Duration.ZERO);

        assertFalse(credential.toString().contains("secret-token-value"), credential::toString);
    }

    /** A second at a time: an action scheduled by one that ran falls due on the way. */
    private void passSeconds(int seconds) {
        scheduler.advance(Duration.ZERO);
        for (int i = 0; i < seconds; i++) {
            scheduler.advance(Duration.ofSeconds(1));
        }
    }

    private Token resolve() throws Exception {
        resolutions++;
        Object answer = answers.poll();
        if (answer instanceof Exception failure) {
            throw failure;
        }
        return (Token) answer;
    }
}
