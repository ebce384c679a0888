package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.provider.Provider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every properties file the samples ship loads without a problem: a user copies them as they are. */
class SampleConfigsTest {

    private static final Path SAMPLES = Path.of("..", "samples");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

    static Stream<Path> sampleConfigs() throws IOException {
        try (Stream<Path> files = Files.walk(SAMPLES, 2)) {
            return files.filter(file -> file.getFileName().toString().equals("llm-failover.properties")).sorted().toList()
                    .stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sampleConfigs")
    void loadsWithoutAProblem(Path file) throws Exception {
        FailoverConfig config = load(file);

        assertFalse(config.routes().isEmpty(), file + " defines no route");
    }

    /** The local-model sample: a route that degrades to the smaller model, then ends on a keyless local server. */
    @Test
    void theLocalModelSampleEndsOnAKeylessLocalServer() throws Exception {
        FailoverConfig config = load(SAMPLES.resolve("local-model").resolve("llm-failover.properties"));

        assertEquals(List.of("openai", "openai/gpt-4o-mini", "local"), config.routes().get(0).chain());
        Provider local = config.providers().get("local");
        assertTrue(local.apiKeys().isEmpty(), "a local server takes no key, and gets none");
        assertEquals("127.0.0.1", local.baseUrl().getHost());
        assertTrue(config.providers().get("openai").apiKeys().isEmpty(), "the app's own key stays the app's");
        assertEquals(8192, config.shaping().limitsOf("local").contextWindow());
    }

    /** Each {@code ${NAME}} in the file set to a stand-in value, as the sample's runner would. */
    private static FailoverConfig load(Path file) throws IOException, ConfigException {
        Matcher placeholders = PLACEHOLDER.matcher(Files.readString(file));
        Map<String, String> env = placeholders.results().map(m -> m.group(1))
                .collect(Collectors.toMap(name -> name, name -> "stand-in-" + name, (a, b) -> a));
        return ConfigLoader.load("config=" + file.toAbsolutePath(), env, new Properties(), file.getParent());
    }
}
