package io.llmfailover.agent.installer;

/**
 * Tells a JDK tool ({@code javac}, {@code jar}, {@code jshell}, {@code javadoc}, {@code jcmd},
 * {@code java -version} …) from an application: an agent set in {@code JAVA_TOOL_OPTIONS} is
 * loaded into every JVM the JDK starts, and has no business in its tools.
 */
public final class JdkTool {

    /** {@code java App.java}: a program of the user's, run by javac's launcher. */
    private static final String SOURCE_LAUNCHER = "com.sun.tools.javac.launcher.";

    private JdkTool() {}

    /**
     * @param command the {@code sun.java.command} system property: the main class (a JDK tool's is
     *     module-qualified, {@code jdk.compiler/com.sun.tools.javac.Main}) and its arguments;
     *     absent when the launcher runs no main class ({@code java -version})
     */
    public static boolean isTool(String command) {
        if (command == null || command.isBlank()) {
            return true;
        }
        String main = command.strip().split("\\s+", 2)[0];
        int slash = main.indexOf('/');
        if (slash < 0) {
            return false;
        }
        String module = main.substring(0, slash);
        boolean jdkModule = module.startsWith("jdk.") || module.startsWith("java.");
        return jdkModule && !main.substring(slash + 1).startsWith(SOURCE_LAUNCHER);
    }
}
