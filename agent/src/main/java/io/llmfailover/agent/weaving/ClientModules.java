package io.llmfailover.agent.weaving;

import io.llmfailover.agent.bootstrap.AgentJar;
import io.llmfailover.agent.bootstrap.LogLines;
import java.util.ArrayList;
import java.util.List;

/**
 * The client modules in the agent jar, listed by the build in {@value #INDEX} (every
 * {@code io.llmfailover.agent.client.<name>.*Instrumentation}, see the agent's pom; ServiceLoader's file
 * format), so that a client's folder registers itself. Read from the agent jar itself and loaded by
 * the agent's own class loader, never the app's: the app's class path holds the agent jar too (the
 * {@code -javaagent} jar), and the boot loader, where the agent runs, serves no resource of a jar
 * appended to it at run time, so {@link java.util.ServiceLoader} would find nothing there.
 */
final class ClientModules {

    static final String INDEX = "META-INF/services/io.llmfailover.agent.weaving.ClientModule";

    private ClientModules() {}

    /** The modules, in the index's order; one that cannot be made is left out, and said so. */
    static List<ClientModule> load() {
        List<ClientModule> modules = new ArrayList<>();
        for (String className : listed()) {
            try {
                Class<?> module = Class.forName(className, true, ClientModule.class.getClassLoader());
                modules.add((ClientModule) module.getConstructor().newInstance());
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                LogLines.error("llm-failover: the client module " + className + " could not be loaded (" + e
                        + "); that client runs without the agent");
            }
        }
        return List.copyOf(modules);
    }

    private static List<String> listed() {
        byte[] index = AgentJar.bytes(INDEX);
        if (index == null) {
            LogLines.error("llm-failover: the agent jar has no " + INDEX + "; the HTTP clients run without the agent");
            return List.of();
        }
        List<String> classNames = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (byte b : index) {
            if (b == '\n') {
                addClassName(line.toString().strip(), classNames);
                line.setLength(0);
            } else {
                line.append((char) b); // class names are ASCII: no charset to set up in premain
            }
        }
        addClassName(line.toString().strip(), classNames);
        return classNames;
    }

    private static void addClassName(String line, List<String> classNames) {
        if (!line.isEmpty() && !line.startsWith("#")) {
            classNames.add(line);
        }
    }
}
