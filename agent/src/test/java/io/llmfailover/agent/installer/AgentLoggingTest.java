package io.llmfailover.agent.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The agent's SLF4J lines go where agent.log says: standard error, java.util.logging, or nowhere. */
class AgentLoggingTest {

    private final Logger root = Logger.getLogger("");
    private final List<String> appLog = new ArrayList<>();
    private final Handler appHandler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            appLog.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage()
                    + (record.getThrown() == null ? "" : " (" + record.getThrown().getMessage() + ")"));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @AfterEach
    void restore() {
        root.removeHandler(appHandler);
        AgentLogging.useDefaults();
    }

    @Test
    void theAgentsSlf4jIsBoundToItsOwnProvider() {
        assertInstanceOf(AgentLogger.class, LoggerFactory.getLogger("io.llmfailover.breaker"));
    }

    @Test
    void stderrGetsOneLinePerMessageNamedByLevelAndLoggerThenTheStackTrace() {
        String written = stderrDuring(() -> {
            org.slf4j.Logger log = LoggerFactory.getLogger("io.llmfailover.breaker");
            log.warn("llm-failover: breaker {} opened", "primary");
            log.error("llm-failover: probe failed", new IOException("connection refused"));
        });

        List<String> lines = written.lines().toList();
        assertEquals("WARN breaker - llm-failover: breaker primary opened", withoutTime(lines.get(0)));
        assertEquals("ERROR breaker - llm-failover: probe failed", withoutTime(lines.get(1)));
        assertEquals("java.io.IOException: connection refused", lines.get(2));
        assertTrue(lines.get(3).trim().startsWith("at "), lines.get(3));
    }

    @Test
    void debugLinesAppearOnlyAtLevelDebug() {
        org.slf4j.Logger log = LoggerFactory.getLogger("io.llmfailover.decision");

        assertFalse(log.isDebugEnabled());
        assertEquals("", stderrDuring(() -> log.debug("llm-failover: a call's decision")));

        AgentLogging.routeTo("stderr", "debug");

        assertTrue(log.isDebugEnabled());
        assertFalse(log.isTraceEnabled());
        assertEquals("DEBUG decision - llm-failover: a call's decision",
                withoutTime(stderrDuring(() -> log.debug("llm-failover: a call's decision")).strip()));
    }

    @Test
    void jsonWritesOneObjectPerLine() {
        AgentLogging.routeTo("stderr", "info", "json");

        String written = stderrDuring(() -> LoggerFactory.getLogger("io.llmfailover.breaker").warn("llm-failover: breaker {} opened", "primary"));

        assertTrue(written.strip().matches("\\{\"time\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\","
                + "\"level\":\"WARN\",\"logger\":\"io.llmfailover.breaker\",\"message\":\"llm-failover: breaker primary opened\"}"),
                written);
    }

    @Test
    void aLineAboutACallCarriesItsIdsInJsonAndKeepsItsMessageInText() {
        org.slf4j.Logger log = LoggerFactory.getLogger("io.llmfailover.failover");
        Runnable failover = () -> log.atInfo().addKeyValue("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736")
                .addKeyValue("span_id", "00f067aa0ba902b7").log("llm-failover: failover from {} to {} ({})", "primary", "backup",
                        "rate_limited");

        AgentLogging.routeTo("stderr", "info", "json");
        String json = stderrDuring(failover).strip();
        AgentLogging.routeTo("stderr", "info", "text");
        String text = stderrDuring(failover).strip();

        assertTrue(json.endsWith("\"message\":\"llm-failover: failover from primary to backup (rate_limited)\","
                + "\"trace_id\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"span_id\":\"00f067aa0ba902b7\"}"), json);
        assertEquals("INFO failover - llm-failover: failover from primary to backup (rate_limited)", withoutTime(text));
    }

    /** The line after its time, which {@code LogLinesTest} checks. */
    private static String withoutTime(String line) {
        assertTrue(line.matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z .*"), line);
        return line.substring(line.indexOf(' ') + 1);
    }

    @Test
    void julHandsTheAgentsLinesToTheAppsLogging() {
        root.addHandler(appHandler);
        AgentLogging.routeTo("jul", "info");

        String written = stderrDuring(() -> {
            LoggerFactory.getLogger("io.llmfailover.breaker").warn("llm-failover: breaker primary opened");
            LoggerFactory.getLogger("io.llmfailover.telemetry").info("llm-failover: export failed",
                    new IOException("no collector"));
            LoggerFactory.getLogger("io.llmfailover.decision").debug("llm-failover: not at info");
        });

        assertEquals(List.of("WARNING io.llmfailover.breaker: llm-failover: breaker primary opened",
                "INFO io.llmfailover.telemetry: llm-failover: export failed (no collector)"), appLog);
        assertTrue(written.isEmpty() || !written.contains("llm-failover:"), written); // not also on stderr
    }

    @Test
    void stderrAndOffKeepTheAgentsLinesOutOfTheAppsLogging() {
        root.addHandler(appHandler);
        for (String target : List.of("stderr", "off")) {
            AgentLogging.routeTo(target, "info");

            stderrDuring(() -> LoggerFactory.getLogger("io.llmfailover.breaker").warn("llm-failover: breaker primary opened"));
        }

        assertEquals(List.of(), appLog);
    }

    @Test
    void offWritesNothingAnywhere() {
        AgentLogging.routeTo("off", "debug");

        assertEquals("", stderrDuring(() -> LoggerFactory.getLogger("io.llmfailover.breaker").error("llm-failover: x")));
        assertFalse(LoggerFactory.getLogger("io.llmfailover.breaker").isErrorEnabled());
    }

    @Test
    void theFleetsRedisClientIsSilenced() {
        org.slf4j.Logger redis = LoggerFactory.getLogger("io.llmfailover.shaded.redis.clients.jedis.JedisFactory");

        assertFalse(redis.isErrorEnabled());
        assertEquals("", stderrDuring(() -> redis.error("cannot read my version")));
    }

    private static String stderrDuring(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
