package io.llmfailover.agent.installer;

import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/** One of the agent's SLF4J loggers: asks {@link AgentLogging} whether a level is on, and hands it each line. */
final class AgentLogger extends LegacyAbstractLogger {

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
        AgentLogging.write(name, level, MessageFormatter.basicArrayFormat(pattern, arguments), thrown);
    }
}
