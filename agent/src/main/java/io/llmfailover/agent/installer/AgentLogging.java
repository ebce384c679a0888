package io.llmfailover.agent.installer;

import io.llmfailover.agent.bootstrap.LogLines;
import java.util.Locale;
import org.slf4j.event.Level;

/**
 * Where the agent's own log lines go: the JVM's standard error (the default, kept apart from the
 * app's logging), java.util.logging under logger names {@code io.llmfailover.*} ({@code agent.log =
 * jul}: most logging set-ups bridge JUL into theirs), or nowhere; on standard error as {@link LogLines}
 * writes them. The agent's SLF4J is relocated and
 * bound to this class ({@link AgentLogProvider}), so the app's own SLF4J set-up is never touched.
 */
final class AgentLogging {

    private enum Target { STDERR, JUL, OFF }

    /** Where lines go, and from which level on; replaced whole, so a line never sees half a change. */
    private record Route(Target target, Level threshold) {}

    /**
     * Fleet mode's Redis client, silenced: from the agent jar it cannot read its own version (and
     * says so at ERROR), and whatever else it would say, the fleet store says better, once.
     */
    private static final String REDIS_CLIENT = "io.llmfailover.shaded.redis";

    private static volatile Route route = new Route(Target.STDERR, Level.INFO);

    private AgentLogging() {}

    /** Until the config is read: standard error, info and above, in the format a system property or variable asks. */
    static void useDefaults() {
        routeTo("stderr", "info", formatAskedOutsideTheFile());
    }

    /**
     * {@code agent.log.format} as {@code -Dllm.failover.agent.log.format} or {@code LLM_FAILOVER_AGENT_LOG_FORMAT}
     * says: a log shipper then reads even the lines about a config that cannot be used.
     */
    private static String formatAskedOutsideTheFile() {
        String format = System.getProperty("llm.failover.agent.log.format");
        if (format == null || format.isBlank()) {
            format = System.getenv("LLM_FAILOVER_AGENT_LOG_FORMAT");
        }
        return format == null ? "text" : format.strip();
    }

    /**
     * @param target a value of {@code agent.log}: stderr, jul or off
     * @param level a value of {@code agent.log.level}: info or debug
     * @param format a value of {@code agent.log.format}: text or json, for standard error
     */
    static void routeTo(String target, String level, String format) {
        LogLines.useFormat(format);
        routeTo(target, level);
    }

    static void routeTo(String target, String level) {
        Level threshold = level.equalsIgnoreCase("debug") ? Level.DEBUG : Level.INFO;
        Route next = switch (target.toLowerCase(Locale.ROOT)) {
            case "jul" -> new Route(Target.JUL, threshold);
            case "off" -> new Route(Target.OFF, threshold);
            default -> new Route(Target.STDERR, threshold);
        };
        if (next.target() == Target.JUL) {
            JulLines.use(threshold);
        }
        route = next;
    }

    static boolean enabled(String loggerName, Level level) {
        Route current = route;
        return current.target() != Target.OFF && level.toInt() >= current.threshold().toInt()
                && !loggerName.startsWith(REDIS_CLIENT);
    }

    /** @param ids the call's, for a line written about one (json only shows them) */
    static void write(String loggerName, Level level, String message, Throwable thrown, LogLines.CallIds ids) {
        Route current = route;
        if (current.target() == Target.JUL) {
            JulLines.write(loggerName, level, message, thrown);
        } else if (current.target() == Target.STDERR) {
            LogLines.write(level.toString(), loggerName, message, thrown, ids);
        }
    }
}
