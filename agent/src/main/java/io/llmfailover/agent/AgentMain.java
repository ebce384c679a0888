package io.llmfailover.agent;

import io.llmfailover.agent.bootstrap.LogLines;
import io.llmfailover.agent.installer.AgentInstaller;
import io.llmfailover.agent.installer.JdkTool;
import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * The {@code -javaagent} entry point, loaded by the system class loader. Kept tiny on purpose: it
 * appends the agent jar to the bootstrap class loader's search path and hands over to
 * {@link AgentInstaller} loaded from there, so that the runtime and the hooks advice calls exist
 * once, visible from every class loader and module.
 */
public final class AgentMain {

    private static final String INSTALLER = "io.llmfailover.agent.installer.AgentInstaller";

    private AgentMain() {}

    public static void premain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation);
    }

    public static void agentmain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation);
    }

    private static void start(String agentArgs, Instrumentation instrumentation) {
        if (JdkTool.isTool(System.getProperty("sun.java.command"))) {
            return; // JAVA_TOOL_OPTIONS reaches javac, jar, jshell and java -version too
        }
        Class<?> installer;
        JarFile agentJar;
        try {
            File jarPath = new File(AgentMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            agentJar = new JarFile(jarPath);
            instrumentation.appendToBootstrapClassLoaderSearch(agentJar);
            installer = Class.forName(INSTALLER, true, null);
        } catch (Exception | LinkageError e) {
            LogLines.error("llm-failover: the agent could not start (" + e
                    + "); the agent is disabled, the app runs without it");
            return;
        }
        try {
            installer.getMethod("install", String.class, Instrumentation.class, JarFile.class)
                    .invoke(null, agentArgs, instrumentation, agentJar);
        } catch (ReflectiveOperationException e) {
            LogLines.error("llm-failover: the agent could not start (" + e
                    + "); the agent is disabled, the app runs without it");
        }
    }
}
