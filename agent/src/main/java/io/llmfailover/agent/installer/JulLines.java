package io.llmfailover.agent.installer;

import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.slf4j.event.Level;

/**
 * The agent's lines as java.util.logging records ({@code agent.log = jul}), under their SLF4J logger
 * names, for the app's JUL handlers to take. Only this class touches java.util.logging, and only
 * once that route is chosen.
 */
final class JulLines {

    /** Held strongly: java.util.logging forgets the settings of a logger nobody references. */
    private static volatile Logger agentLoggers;

    private JulLines() {}

    static void use(Level threshold) {
        Logger agent = Logger.getLogger("io.llmfailover");
        agent.setUseParentHandlers(true);
        agent.setLevel(julLevel(threshold));
        agentLoggers = agent;
    }

    static void write(String loggerName, Level level, String message, Throwable thrown) {
        LogRecord record = new LogRecord(julLevel(level), message);
        record.setLoggerName(loggerName);
        record.setThrown(thrown);
        Logger.getLogger(loggerName).log(record);
    }

    private static java.util.logging.Level julLevel(Level level) {
        return switch (level) {
            case ERROR -> java.util.logging.Level.SEVERE;
            case WARN -> java.util.logging.Level.WARNING;
            case INFO -> java.util.logging.Level.INFO;
            case DEBUG -> java.util.logging.Level.FINE;
            case TRACE -> java.util.logging.Level.FINEST;
        };
    }
}
