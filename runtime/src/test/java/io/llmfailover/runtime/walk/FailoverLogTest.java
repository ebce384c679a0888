package io.llmfailover.runtime.walk;

import static io.llmfailover.runtime.testing.ScriptedTransport.brokenStream;
import static io.llmfailover.runtime.testing.ScriptedTransport.ok;
import static io.llmfailover.runtime.testing.ScriptedTransport.refuse;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static io.llmfailover.runtime.walk.Chains.ANSWER;
import static io.llmfailover.runtime.walk.Chains.BACKUP;
import static io.llmfailover.runtime.walk.Chains.PRIMARY;
import static io.llmfailover.runtime.walk.Chains.chat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.testing.ScriptedTransport;
import java.io.IOException;
import java.net.ConnectException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue #10, item 5: the failover line is the walk's own, so it is logged with telemetry off (these
 * gateways have no observer at all), with the outcome's token as its reason, and summarised when it
 * repeats.
 */
class FailoverLogTest {

    private final ScriptedTransport transport = new ScriptedTransport();

    @ParameterizedTest(name = "HTTP {0} is {1}")
    @CsvSource({"529, overloaded", "429, rate_limited", "503, server_error", "502, server_error"})
    void aFailoverIsLoggedWithTelemetryOffWithTheOutcomesReason(int status, String reason) throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, status(status, "{}"));
        transport.on(BACKUP, ok(ANSWER));

        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            chains.gateway.execute(chat(), transport);
            lines = log.linesWith("llm-failover: failover from");
        }

        assertEquals(1, lines.size(), String.valueOf(lines));
        assertEquals(true, lines.get(0).endsWith("llm-failover: failover from primary to backup (" + reason + ")"),
                lines.get(0));
    }

    @Test
    void aFailoverWithNowhereLeftToGoSaysSo() {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, refuse());
        transport.on(BACKUP, refuse());

        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            assertThrows(ConnectException.class, () -> chains.gateway.execute(chat(), transport));
            lines = log.linesWith("llm-failover: failover from");
        }

        assertEquals(2, lines.size(), String.valueOf(lines));
        assertEquals(true, lines.get(0).endsWith("failover from primary to backup (connect)"), lines.get(0));
        assertEquals(true, lines.get(1).endsWith("failover from backup found no provider left to answer (connect)"),
                lines.get(1));
    }

    @Test
    void aRepeatingFailoverIsLoggedOnceThenSummarisedPerPeriod() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, status(503, "{}"), status(503, "{}"), status(503, "{}"), status(500, "{}"));
        transport.on(BACKUP, ok(ANSWER));

        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            chains.gateway.execute(chat(), transport);
            chains.gateway.execute(chat(), transport);
            chains.clock.advance(FailoverLog.PERIOD);
            chains.gateway.execute(chat(), transport);
            lines = log.linesWith("llm-failover: failover from");
        }

        assertEquals(2, lines.size(), String.valueOf(lines));
        assertEquals(true, lines.get(1).endsWith("(server_error) (1 more like it since the last such line)"), lines.get(1));
    }

    @Test
    void aCommittedStreamThatBreaksIsLoggedWithItsCauseTypeButNotItsMessage() throws IOException {
        Chains chains = new Chains("primary", "backup");
        transport.on(PRIMARY, brokenStream("data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\n"));

        List<String> lines;
        try (LogCapture log = new LogCapture()) {
            ScriptedTransport.drain(chains.gateway.execute(chat(true), transport).body());
            lines = log.linesWith("llm-failover: the stream from");
        }

        assertEquals(1, lines.size(), String.valueOf(lines));
        assertTrue(lines.get(0).contains("the stream from primary broke off after reaching the app")
                && lines.get(0).contains("(java.io.IOException)"), lines.get(0));
        assertFalse(lines.get(0).contains("reset by peer"), "a client's message may hold a URL: " + lines.get(0));
    }
}
