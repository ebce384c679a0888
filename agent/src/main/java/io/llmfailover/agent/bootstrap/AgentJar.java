package io.llmfailover.agent.bootstrap;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Where the agent's own class files are read from when an adapter is defined in a client's class
 * loader: the agent jar once the agent runs, the class path otherwise (tests).
 */
public final class AgentJar {

    private static volatile JarFile jar;

    private AgentJar() {}

    public static void use(JarFile agentJar) {
        jar = agentJar;
    }

    /** The bytes of a class file, or null when there is no such file. */
    public static byte[] classBytes(String className) {
        String resource = className.replace('.', '/') + ".class";
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
