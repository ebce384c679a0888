package io.llmfailover.agent.installer;

import io.llmfailover.agent.bootstrap.LogLines;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.event.Level;
import org.slf4j.event.LoggingEvent;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.LoggingEventAware;

/**
 * One of the agent's SLF4J loggers: asks {@link AgentLogging} whether a level is on, and hands it each
 * line, with the call's {@code trace_id} and {@code span_id} when a line written about a call carries them.
 */
final class AgentLogger extends LegacyAbstractLogger implements LoggingEventAware {

    private static final long serialVersionUID = 1L;

    AgentLogger(String name) {
        this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
        return AgentLogging.enabled(name, Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return AgentLogging.enabled(name, Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return AgentLogging.enabled(name, Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return AgentLogging.enabled(name, Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return AgentLogging.enabled(name, Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
            Throwable thrown) {
        AgentLogging.write(name, level, MessageFormatter.basicArrayFormat(pattern, arguments), thrown, LogLines.CallIds.NONE);
    }

    /** A line of SLF4J's fluent API ({@code LOG.atInfo().addKeyValue(...)}): its ids are kept apart from its message. */
    @Override
    public void log(LoggingEvent event) {
        String traceId = null;
        String spanId = null;
        if (event.getKeyValuePairs() != null) {
            for (KeyValuePair pair : event.getKeyValuePairs()) {
                if (pair.key.equals("trace_id")) {
                    traceId = String.valueOf(pair.value);
                } else if (pair.key.equals("span_id")) {
                    spanId = String.valueOf(pair.value);
                }
            }
        }
        AgentLogging.write(name, event.getLevel(), MessageFormatter.basicArrayFormat(event.getMessage(), event.getArgumentArray()),
                event.getThrowable(), new LogLines.CallIds(traceId, spanId));
    }
}
