package io.llmfailover.agent;

import java.io.PrintStream;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;

/** The agent's log lines on the JVM's standard error, one per record: {@code WARN Logger - message}. */
final class StderrLogHandler extends Handler {

    private static final Formatter MESSAGES = new SimpleFormatter();

    @Override
    public synchronized void publish(LogRecord record) {
        if (record == null || !isLoggable(record)) {
            return;
        }
        PrintStream err = System.err;
        err.println(levelOf(record.getLevel()) + " " + shortName(record.getLoggerName()) + " - "
                + MESSAGES.formatMessage(record));
        if (record.getThrown() != null) {
            record.getThrown().printStackTrace(err);
        }
        err.flush();
    }

    private static String levelOf(Level level) {
        int value = level.intValue();
        if (value >= Level.SEVERE.intValue()) {
            return "ERROR";
        }
        if (value >= Level.WARNING.intValue()) {
            return "WARN";
        }
        return value >= Level.INFO.intValue() ? "INFO" : "DEBUG";
    }

    private static String shortName(String loggerName) {
        return loggerName == null ? "" : loggerName.substring(loggerName.lastIndexOf('.') + 1);
    }

    @Override
    public void flush() {
        System.err.flush();
    }

    @Override
    public void close() {}
}
