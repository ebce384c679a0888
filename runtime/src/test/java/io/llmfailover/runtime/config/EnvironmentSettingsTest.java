package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code LLM_FAILOVER_<KEY>} variables, from an environment given to the loader (never the process's own). */
class EnvironmentSettingsTest {

    @TempDir
    Path workDir;

    private final Map<String, String> env = new HashMap<>();
    private final Properties system = new Properties();

    private void file(String... lines) throws IOException {
        Files.writeString(workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME), String.join("\n", lines) + "\n");
    }

    private FailoverConfig load() throws ConfigException {
        return ConfigLoader.load(null, env, system, workDir);
    }

    private String problems() {
        return assertThrows(ConfigException.class, this::load).getMessage();
    }

    @Nested
    class Precedence {

        @Test
        void aVariableSetsASettingWithNoFileAtAll() throws Exception {
            env.put("LLM_FAILOVER_BREAKER_OPEN_DURATION", "45s");

            FailoverConfig config = load();

            assertEquals(Duration.ofSeconds(45), config.breaker().openDuration());
            assertEquals(Set.of("breaker.open-duration"), config.fromEnvironment());
        }

        @Test
        void aVariableOverridesTheFileAndASystemPropertyOverridesTheVariable() throws Exception {
            file("breaker.open-duration = 10s", "breaker.window = 10s");
            env.put("LLM_FAILOVER_BREAKER_OPEN_DURATION", "20s");
            env.put("LLM_FAILOVER_BREAKER_WINDOW", "20s");
            system.setProperty("llm.failover.breaker.window", "30s");

            FailoverConfig config = load();

            assertEquals(Duration.ofSeconds(20), config.breaker().openDuration());
            assertEquals(Duration.ofSeconds(30), config.breaker().window());
            assertEquals(Set.of("breaker.open-duration"), config.fromEnvironment(), "what a system property set is not the environment's");
        }

        @Test
        void aBlankVariableSetsNothing() throws Exception {
            file("breaker.window = 10s");
            env.put("LLM_FAILOVER_BREAKER_WINDOW", "  ");

            assertEquals(Duration.ofSeconds(10), load().breaker().window());
        }

        @Test
        void theLookupsOwnVariableIsNoSetting() throws Exception {
            file("breaker.window = 10s");
            env.put("LLM_FAILOVER_CONFIG", workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME).toString());

            assertEquals(Set.of(), load().fromEnvironment());
        }
    }

    @Nested
    class Names {

        @Test
        void aProviderAndARouteOfPlainNamesComeFromTheEnvironmentAlone() throws Exception {
            env.put("LLM_FAILOVER_PROVIDER_BACKUP_URL", "https://backup.example/v1");
            env.put("LLM_FAILOVER_PROVIDER_BACKUP_API_KEY", "sk-backup");
            env.put("LLM_FAILOVER_PROVIDER_OPENAI_API_KEY", "sk-openai");
            env.put("LLM_FAILOVER_ROUTE_CHAT_MATCH", "openai");
            env.put("LLM_FAILOVER_ROUTE_CHAT_CHAIN", "openai, backup");

            FailoverConfig config = load();

            assertEquals(URI.create("https://backup.example/v1"), config.providers().get("backup").baseUrl());
            assertEquals(List.of("sk-backup"), config.providers().get("backup").apiKeys());
            assertEquals(List.of("sk-openai"), config.providers().get("openai").apiKeys());
            assertEquals(List.of("openai", "backup"), config.routes().get(0).chain());
            assertEquals(5, config.fromEnvironment().size());
        }

        @Test
        void aNameTheFileWritesIsMatchedAsTheFileSpellsIt() throws Exception {
            file("provider.my-backup.url = https://backup.example", "provider.eu.central.url = https://eu.example");
            env.put("LLM_FAILOVER_PROVIDER_MY_BACKUP_API_KEY", "sk-backup");
            env.put("LLM_FAILOVER_PROVIDER_EU_CENTRAL_API_KEY", "sk-eu");

            FailoverConfig config = load();

            assertEquals(List.of("sk-backup"), config.providers().get("my-backup").apiKeys());
            assertEquals(List.of("sk-eu"), config.providers().get("eu.central").apiKeys());
        }

        @Test
        void aWellKnownNameIsMatchedAsTheCatalogueSpellsIt() throws Exception {
            env.put("LLM_FAILOVER_PROVIDER_MISTRAL_AI_API_KEY", "sk-mistral");
            env.put("LLM_FAILOVER_PROVIDER_DEEPSEEK_ANTHROPIC_API_KEY", "sk-deepseek");

            FailoverConfig config = load();

            assertEquals(Set.of("provider.mistral_ai.api-key", "provider.deepseek-anthropic.api-key"), config.fromEnvironment());
        }

        @Test
        void aModelTheFileMapsIsOverriddenButNoneIsAddedByAVariable() throws Exception {
            file("provider.backup.url = https://backup.example", "provider.backup.model.gpt-4.1 = backup-large");
            env.put("LLM_FAILOVER_PROVIDER_BACKUP_MODEL_GPT_4_1", "backup-small");

            assertEquals("backup-small", load().providers().get("backup").mapModel("gpt-4.1"));

            env.put("LLM_FAILOVER_PROVIDER_BACKUP_MODEL_GPT_4O", "backup-small");
            assertTrue(problems().contains("environment variable LLM_FAILOVER_PROVIDER_BACKUP_MODEL_GPT_4O: a model's name"
                    + " cannot be spelt in a variable"), problems());
        }

        @Test
        void aNewNameWithAnUnderscoreCannotBeToldApart() {
            env.put("LLM_FAILOVER_PROVIDER_MY_BACKUP_URL", "https://backup.example");
            env.put("LLM_FAILOVER_PROVIDER_MY_BACKUP_API_KEY", "sk-secret-backup");

            String problems = problems();

            assertTrue(problems.contains("environment variable LLM_FAILOVER_PROVIDER_MY_BACKUP_API_KEY: cannot tell whether each _"
                    + " of MY_BACKUP is a '.', a '-' or a '_'"), problems);
            assertFalse(problems.contains("sk-secret-backup"), problems);
        }

        @Test
        void aVariableTwoKeysSpellTheSameIsRefusedNamingBoth() throws Exception {
            file("provider.a-b.url = https://one.example", "provider.a.b.url = https://two.example");
            env.put("LLM_FAILOVER_PROVIDER_A_B_API_KEY", "sk-secret-ab");

            String problems = problems();

            assertTrue(problems.contains("environment variable LLM_FAILOVER_PROVIDER_A_B_API_KEY: stands for any of"
                    + " provider.a-b.api-key, provider.a.b.api-key"), problems);
            assertFalse(problems.contains("sk-secret-ab"), problems);
        }
    }

    @Nested
    class Problems {

        @Test
        void aBadValueNamesTheVariableAndShowsAValueThatIsNoSecret() {
            env.put("LLM_FAILOVER_BREAKER_WINDOW", "soon");

            assertTrue(problems().contains("environment variable LLM_FAILOVER_BREAKER_WINDOW: breaker.window = soon: "), problems());
        }

        @Test
        void aBadSecretValueIsNeverShown() {
            env.put("LLM_FAILOVER_STATE_BACKEND", "redis");
            env.put("LLM_FAILOVER_STATE_REDIS_URL", "redis://:hunter2@redis:port");

            String problems = problems();

            assertTrue(problems.contains("environment variable LLM_FAILOVER_STATE_REDIS_URL: state.redis.url = <hidden>: "), problems);
            assertFalse(problems.contains("hunter2"), problems);
        }

        @Test
        void aMisspeltSettingUnderTheAgentsPrefixesIsReportedWithTheClosestSpelling() {
            env.put("LLM_FAILOVER_BREAKER_WINDOWS", "10s");

            assertTrue(problems().contains("environment variable LLM_FAILOVER_BREAKER_WINDOWS: no such setting; did you mean"
                    + " LLM_FAILOVER_BREAKER_WINDOW?"), problems());
        }

        @Test
        void aVariableOfAnotherPrefixIsNotTheAgents() throws Exception {
            env.put("LLM_FAILOVER_KEY_SALT", "not a setting");

            assertEquals(Set.of(), load().fromEnvironment());
        }

        @Test
        void aVariableAPlaceholderReadsIsNoSetting() throws Exception {
            file("state.key-salt = ${LLM_FAILOVER_STATE_SALT}");
            env.put("LLM_FAILOVER_STATE_SALT", "salt-of-the-fleet");

            FailoverConfig config = load();

            assertEquals("salt-of-the-fleet", config.keySalt());
            assertEquals(Set.of(), config.fromEnvironment());
        }

        @Test
        void aValueIsTakenAsItIsWithoutPlaceholders() throws Exception {
            env.put("LLM_FAILOVER_PROVIDER_OPENAI_API_KEY", "sk-${NOT_A_PLACEHOLDER}");

            assertEquals(List.of("sk-${NOT_A_PLACEHOLDER}"), load().providers().get("openai").apiKeys());
        }

        @Test
        void anOtelVariableIsPointedToTheStandardOne() {
            env.put("LLM_FAILOVER_OTEL_SERVICE_NAME", "chat");

            assertTrue(problems().contains("environment variable LLM_FAILOVER_OTEL_SERVICE_NAME: the otel.* settings are read"
                    + " from the standard variables: set OTEL_SERVICE_NAME"), problems());
        }

        @Test
        void theThreadCapStaysASystemProperty() {
            env.put("LLM_FAILOVER_AGENT_MAX_THREADS", "4");

            assertTrue(problems().contains("environment variable LLM_FAILOVER_AGENT_MAX_THREADS: agent.max-threads = 4: read from"
                    + " the system property alone"), problems());
        }
    }
}
