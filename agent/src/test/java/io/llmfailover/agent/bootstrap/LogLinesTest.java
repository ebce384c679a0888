package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The agent's lines as a log shipper reads them: time, level and prefix on each, or one JSON object per line. */
class LogLinesTest {

    private static final Instant AT = Instant.parse("2026-12-05T07:40:00Z");

    @Test
    void aTextLineHasTheTimeTheLevelTheLoggerAndThePrefix() {
        assertEquals("2026-12-05T07:40:00.000Z WARN breaker - llm-failover: breaker primary/gpt-4o opened",
                LogLines.text(AT, "WARN", "io.llmfailover.breaker", "llm-failover: breaker primary/gpt-4o opened"));
    }

    @Test
    void aLineWrittenWithoutThePrefixGetsIt() {
        assertEquals("2026-12-05T07:40:00.120Z INFO fleet - llm-failover: Redis at redis://redis:6379 is back",
                LogLines.text(AT.plusMillis(120), "INFO", "io.llmfailover.runtime.fleet", "Redis at redis://redis:6379 is back"));
    }

    @Test
    void eachLineOfAMessageOfSeveralIsALineOfItsOwn() {
        List<String> lines = LogLines.text(AT, "ERROR", "io.llmfailover.agent",
                "llm-failover config /etc/a.properties has 2 problems:\n/etc/a.properties:3: breaker.window = soon: x\n"
                        + "environment variable LLM_FAILOVER_X: y").lines().toList();

        assertEquals(List.of(
                "2026-12-05T07:40:00.000Z ERROR agent - llm-failover config /etc/a.properties has 2 problems:",
                "2026-12-05T07:40:00.000Z ERROR agent - llm-failover: /etc/a.properties:3: breaker.window = soon: x",
                "2026-12-05T07:40:00.000Z ERROR agent - llm-failover: environment variable LLM_FAILOVER_X: y"), lines);
    }

    @Test
    void aJsonLineIsOneObjectWithTheCallsIdsWhereThereAreAndTheMessageEscaped() {
        String line = LogLines.json(AT, "INFO", "io.llmfailover.failover", "llm-failover: failover from \"primary\" to backup\n(503)",
                null, new LogLines.CallIds("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7"));

        assertEquals("{\"time\":\"2026-12-05T07:40:00.000Z\",\"level\":\"INFO\",\"logger\":\"io.llmfailover.failover\","
                + "\"message\":\"llm-failover: failover from \\\"primary\\\" to backup\\n(503)\","
                + "\"trace_id\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"span_id\":\"00f067aa0ba902b7\"}", line);
    }

    @Test
    void aJsonLineOutsideACallHasNoIdsAndCarriesTheStackTraceInItsOneLine() {
        String line = LogLines.json(AT, "WARN", "io.llmfailover.agent", "internal failure\u0001",
                new IOException("refused"), LogLines.CallIds.NONE);

        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("{\"time\":\"2026-12-05T07:40:00.000Z\",\"level\":\"WARN\",\"logger\":\"io.llmfailover.agent\","
                + "\"message\":\"llm-failover: internal failure\\u0001\",\"exception\":\"java.io.IOException: refused\\n"), line);
        assertTrue(!line.contains("trace_id") && line.endsWith("\"}"), line);
    }
}
