package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.keys.KeyFingerprint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trust settings: {@code state.key-salt} and {@code route.<name>.selectable}. */
class TrustKeysTest {

    @TempDir
    Path workDir;

    private final Properties system = new Properties();

    @Test
    void withoutASaltKeysAreNamedUnderTheDocumentedDefault() throws Exception {
        assertEquals(KeyFingerprint.DEFAULT_SALT, load().keySalt());
    }

    @Test
    void aSaltIsReadFromTheFileOrTheEnvironmentAndNeverShown() throws Exception {
        write("state.key-salt = ${FLEET_SALT}");

        FailoverConfig config = ConfigLoader.load(null, Map.of("FLEET_SALT", "a1b2c3-fleet-secret"), system, workDir);

        assertEquals("a1b2c3-fleet-secret", config.keySalt());
        assertFalse(config.toString().contains("a1b2c3-fleet-secret"), config.toString());
    }

    @Test
    void anEmptySaltNamesFileLineAndKey() throws Exception {
        write("breaker.window = 10s", "state.key-salt =");

        String problem = assertThrows(ConfigException.class, this::load).getMessage();

        assertTrue(problem.contains("llm-failover.properties:2: state.key-salt = <hidden>: empty;"), problem);
    }

    @Test
    void aMisspeltSaltKeyIsReportedWithoutItsValue() throws Exception {
        write("state.key-slat = do-not-print-me");

        String problem = assertThrows(ConfigException.class, this::load).getMessage();

        assertTrue(problem.contains(":1: state.key-slat: unknown key; did you mean state.key-salt?"), problem);
        assertFalse(problem.contains("do-not-print-me"), problem);
    }

    @Test
    void aRouteIsNotSelectableUnlessItSaysSo() throws Exception {
        write("provider.deepseek.api-key = dk",
                "route.chat.match = openai",
                "route.chat.chain = openai, deepseek",
                "route.open.match = deepseek",
                "route.open.chain = deepseek",
                "route.open.selectable = TRUE",
                "route.closed.match = deepseek/deepseek-reasoner",
                "route.closed.chain = deepseek",
                "route.closed.selectable = false");

        List<RouteSettings> routes = load().routes();

        assertEquals(List.of(false, true, false), routes.stream().map(RouteSettings::selectable).toList());
    }

    @Test
    void aSelectableThatIsNoBooleanNamesFileLineAndKey() throws Exception {
        write("route.chat.match = openai", "route.chat.chain = openai", "route.chat.selectable = yes");

        String problem = assertThrows(ConfigException.class, this::load).getMessage();

        assertTrue(problem.contains("llm-failover.properties:3: route.chat.selectable = yes: expected true or false"),
                problem);
    }

    @Test
    void aMisspeltSelectableIsReported() throws Exception {
        write("route.chat.match = openai", "route.chat.chain = openai", "route.chat.selectible = true");

        String problem = assertThrows(ConfigException.class, this::load).getMessage();

        assertTrue(problem.contains(":3: route.chat.selectible: unknown key; did you mean route.chat.selectable?"),
                problem);
    }

    private void write(String... lines) throws Exception {
        Files.write(workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME), List.of(lines));
    }

    private FailoverConfig load() throws ConfigException {
        return ConfigLoader.load(null, Map.of(), system, workDir);
    }
}
