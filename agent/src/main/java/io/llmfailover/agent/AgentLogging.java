package io.llmfailover.agent;

import java.util.Locale;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Where the agent's own log lines go. The agent's SLF4J is relocated and bound to
 * java.util.logging, so every line is a JUL record under a logger named {@code io.llmfailover.*}
 * (the app's own SLF4J set-up is never touched). This class points that one JUL subtree at the
 * JVM's standard error (the default, kept apart from the app's logging), at the app's JUL handlers
 * ({@code agent.log = jul}: most logging set-ups bridge JUL into theirs), or nowhere.
 */
final class AgentLogging {

    /** Held strongly: java.util.logging forgets the settings of a logger nobody references. */
    private static final Logger AGENT = Logger.getLogger("io.llmfailover");
    private static final Handler STDERR = new StderrLogHandler();
    /**
     * Fleet mode's Redis client, silenced: from the agent jar it cannot read its own version (and
     * says so at ERROR), and whatever else it would say, the fleet store says better, once.
     */
    private static final Logger REDIS_CLIENT = quiet(Logger.getLogger("io.llmfailover.shaded.redis"));

    private AgentLogging() {}

    private static Logger quiet(Logger logger) {
        logger.setLevel(Level.OFF);
        return logger;
    }

    /** Until the config is read: standard error, info and above. */
    static void useDefaults() {
        routeTo("stderr", "info");
    }

    /**
     * @param target a value of {@code agent.log}: stderr, jul or off
     * @param level a value of {@code agent.log.level}: info or debug
     */
    static synchronized void routeTo(String target, String level) {
        AGENT.removeHandler(STDERR);
        Level threshold = level.equalsIgnoreCase("debug") ? Level.FINE : Level.INFO;
        switch (target.toLowerCase(Locale.ROOT)) {
            case "jul" -> {
                AGENT.setUseParentHandlers(true);
                AGENT.setLevel(threshold);
            }
            case "off" -> {
                AGENT.setUseParentHandlers(false);
                AGENT.setLevel(Level.OFF);
            }
            default -> {
                AGENT.setUseParentHandlers(false);
                AGENT.setLevel(threshold);
                AGENT.addHandler(STDERR);
            }
        }
    }
}
