package io.llmfailover.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The agent's SLF4J lines end up as java.util.logging records under io.llmfailover, routed by agent.log. */
class AgentLoggingTest {

    private final Logger root = Logger.getLogger("");
    private final List<String> appLog = new ArrayList<>();
    private final Handler appHandler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            appLog.add(record.getLoggerName() + ": " + record.getMessage());
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
    void julHandsTheAgentsLinesToTheAppsLogging() {
        root.addHandler(appHandler);
        AgentLogging.routeTo("jul", "info");

        LoggerFactory.getLogger("io.llmfailover.breaker").warn("llm-failover: breaker primary opened");

        assertEquals(List.of("io.llmfailover.breaker: llm-failover: breaker primary opened"), appLog);
    }

    @Test
    void stderrAndOffKeepTheAgentsLinesOutOfTheAppsLogging() {
        root.addHandler(appHandler);
        for (String target : List.of("stderr", "off")) {
            AgentLogging.routeTo(target, "info");

            LoggerFactory.getLogger("io.llmfailover.breaker").warn("llm-failover: breaker primary opened");
        }

        assertEquals(List.of(), appLog);
    }
}
