package io.llmfailover.agent.installer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The binding of the agent's own (relocated) SLF4J: every logger writes through {@link AgentLogging}.
 * Binding to java.util.logging instead would set up the JVM's {@code LogManager} in {@code premain},
 * before the app's {@code main} could choose its own (as JBoss LogManager apps do), and cost the
 * agent's start-up about 20 ms; java.util.logging is only touched when {@code agent.log = jul}.
 */
public final class AgentLogProvider implements SLF4JServiceProvider {

    private final LoggerFactory loggers = new LoggerFactory();
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    @Override
    public ILoggerFactory getLoggerFactory() {
        return loggers;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // nothing to set up: where lines go is AgentLogging's, read as each line is written
    }

    /** One logger per name: the agent's names are a fixed, small set. */
    private static final class LoggerFactory implements ILoggerFactory {
        private final Map<String, Logger> byName = new ConcurrentHashMap<>();

        @Override
        public Logger getLogger(String name) {
            return byName.computeIfAbsent(name, AgentLogger::new);
        }
    }
}
