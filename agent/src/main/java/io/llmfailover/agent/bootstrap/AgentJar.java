package io.llmfailover.agent.bootstrap;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Where the agent's own class files are read from when an adapter is defined in a client's class
 * loader, and its own resources: the agent jar once the agent runs, the class path otherwise (tests).
 * The boot loader serves the jar's classes, not its resources, once the jar is appended at run time.
 */
public final class AgentJar {

    private static volatile JarFile jar;

    private AgentJar() {}

    public static void use(JarFile agentJar) {
        jar = agentJar;
    }

    /** The bytes of a class file, or null when there is no such file. */
    public static byte[] classBytes(String className) {
        return bytes(className.replace('.', '/') + ".class");
    }

    /** The bytes of a file in the agent jar ({@code META-INF/...}), or null when there is no such file. */
    public static byte[] bytes(String resource) {
        try (InputStream in = open(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the agent jar", e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        JarFile current = jar;
        if (current == null) {
            return ClassLoader.getSystemResourceAsStream(resource);
        }
        JarEntry entry = current.getJarEntry(resource);
        return entry == null ? null : current.getInputStream(entry);
    }
}
