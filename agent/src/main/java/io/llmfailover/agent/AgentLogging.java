package io.llmfailover.agent;

/**
 * Defaults for the agent's bundled SLF4J simple logger: info and above, to stderr. The property
 * names below are relocated with SLF4J in the agent jar, so they configure the agent's logger
 * only and the app's own SLF4J set-up is never touched. A user may still set them.
 */
final class AgentLogging {

    private static final String PREFIX = "org.slf4j.simpleLogger.";

    private AgentLogging() {}

    static void useDefaults() {
        setIfAbsent(PREFIX + "logFile", "System.err");
        setIfAbsent(PREFIX + "defaultLogLevel", "info");
        setIfAbsent(PREFIX + "showThreadName", "false");
        setIfAbsent(PREFIX + "showShortLogName", "true");
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
