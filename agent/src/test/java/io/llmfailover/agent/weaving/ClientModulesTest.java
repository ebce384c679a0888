package io.llmfailover.agent.weaving;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ClientModulesTest {

    @Test
    void theBuildsIndexListsTheModuleOfEveryClientFolder() throws IOException {
        List<String> loaded = ClientModules.load().stream().map(module -> module.getClass().getName()).toList();

        assertEquals(modulesInTheSourceTree(), loaded);
    }

    @Test
    void noClassIsHookedByTwoModules() {
        Map<String, String> hookedBy = new HashMap<>();
        for (ClientModule module : ClientModules.load()) {
            for (String typeName : module.typeNames()) {
                String other = hookedBy.put(typeName, module.getClass().getSimpleName());
                assertNull(other, () -> typeName + " is hooked by " + other + " and " + module.getClass().getSimpleName());
            }
        }
    }

    @Test
    void instrumentedTypesAnswersWithTheModuleOfAHookedClass() {
        ClientModule okhttp = InstrumentedTypes.instrumentationOf("okhttp3/OkHttpClient$Builder");

        assertEquals("OkHttpInstrumentation", okhttp.getClass().getSimpleName());
        assertSame(okhttp, InstrumentedTypes.libraryOf("okhttp3/OkHttpClient$Builder"));
        assertNull(InstrumentedTypes.instrumentationOf("com/example/Hello"));
    }

    /** Every {@code agent/src/main/java/io/llmfailover/agent/client/<client>/*Instrumentation.java}, sorted as the index is. */
    private static List<String> modulesInTheSourceTree() throws IOException {
        Path agent = Path.of("src/main/java/io/llmfailover/agent/client");
        try (Stream<Path> files = Files.walk(agent, 2)) {
            return files.filter(file -> file.getNameCount() == agent.getNameCount() + 2)
                    .filter(file -> file.getFileName().toString().endsWith("Instrumentation.java"))
                    .map(file -> "io.llmfailover.agent.client." + file.getParent().getFileName() + "."
                            + file.getFileName().toString().replace(".java", ""))
                    .sorted()
                    .toList();
        }
    }
}
