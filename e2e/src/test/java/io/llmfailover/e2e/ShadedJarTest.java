package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The built jar as the shading and the step after it leave it: the client adapters go back in as
 * compiled, so that they see the app's own Reactive Streams and AWS SDK types. Any other library the
 * jar relocates (Byte Buddy, Jackson, OpenTelemetry ...) an adapter must reach through its relocated
 * name, or it would load the app's copy, or none.
 */
class ShadedJarTest {

    /** The packages whose app-side types an adapter means, left unrelocated on purpose. */
    private static final Set<String> THE_APPS_OWN = Set.of("org.reactivestreams", "software.amazon.awssdk");
    private static final Pattern RELOCATED = Pattern.compile("<pattern>([a-z0-9.]+)</pattern>");
    private static final List<String> ADAPTER_FOLDERS = List.of("io/llmfailover/agent/client/", "io/llmfailover/agent/lifecycle/reactive/");

    @Test
    void noAdapterNamesALibraryTheJarRelocatesButTheAppsOwn() throws IOException {
        List<String> relocated = relocatedPackages();
        THE_APPS_OWN.forEach(own -> relocated.remove(slashed(own)));
        assertTrue(relocated.contains("net/bytebuddy/") && relocated.contains("io/opentelemetry/"), relocated::toString);
        List<String> offending = new ArrayList<>();
        int adapters = 0;
        try (JarFile jar = new JarFile(AgentJar.locate().toFile())) {
            for (JarEntry entry : jar.stream().toList()) {
                if (!isAdapterClass(entry.getName())) {
                    continue;
                }
                adapters++;
                String constants = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.ISO_8859_1);
                for (String library : relocated) {
                    if (constants.contains(library)) {
                        offending.add(entry.getName() + " names " + library);
                    }
                }
            }
        }
        assertTrue(adapters > 100, "the jar holds " + adapters + " adapter classes");
        assertEquals(List.of(), offending);
    }

    @Test
    void theAppsOwnPackagesAreRelocatedForTheAgentsCopies() throws IOException {
        List<String> relocated = relocatedPackages();
        for (String own : THE_APPS_OWN) {
            assertTrue(relocated.contains(slashed(own)), "the agent's own copy of " + own + " is relocated: " + relocated);
        }
        try (JarFile jar = new JarFile(AgentJar.locate().toFile())) {
            assertTrue(jar.getEntry("io/llmfailover/shaded/reactivestreams/Publisher.class") != null,
                    "the agent's own Reactive Streams, relocated");
        }
    }

    private static boolean isAdapterClass(String name) {
        return name.endsWith(".class") && ADAPTER_FOLDERS.stream().anyMatch(name::startsWith);
    }

    /** The shade plugin's relocated packages, slashed as class files name them. */
    private static List<String> relocatedPackages() throws IOException {
        String pom = Files.readString(Path.of("..", "agent", "pom.xml"));
        List<String> packages = new ArrayList<>();
        Matcher pattern = RELOCATED.matcher(pom);
        while (pattern.find()) {
            packages.add(slashed(pattern.group(1)));
        }
        return packages;
    }

    private static String slashed(String packageName) {
        return packageName.replace('.', '/') + "/";
    }
}
