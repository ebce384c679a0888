package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.provider.KeyHeader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigLoaderTest {

    @TempDir
    Path workDir;

    private final Map<String, String> env = new HashMap<>();
    private final Properties system = new Properties();

    private Path write(String name, String... lines) throws IOException {
        Path file = workDir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private FailoverConfig load(String agentArgs) throws ConfigException {
        return ConfigLoader.load(agentArgs, env, system, workDir);
    }

    /** Loads {@code lines} as the working directory's file and returns the error message. */
    private String problemsOf(String... lines) throws IOException {
        write(ConfigFileLookup.DEFAULT_FILE_NAME, lines);
        return assertThrows(ConfigException.class, () -> load(null)).getMessage();
    }

    private String file() {
        return workDir.resolve(ConfigFileLookup.DEFAULT_FILE_NAME).toString();
    }

    @Nested
    class LookupOrder {

        private void writeAllFour() throws IOException {
            write("arg.properties", "marker = argument");
            write("prop.properties", "marker = system-property");
            write("env.properties", "marker = environment");
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "marker = working-directory");
        }

        @Test
        void theAgentArgumentComesFirst() throws Exception {
            writeAllFour();
            system.setProperty("llm.failover.config", workDir.resolve("prop.properties").toString());
            env.put("LLM_FAILOVER_CONFIG", workDir.resolve("env.properties").toString());

            FailoverConfig config = load("config=" + workDir.resolve("arg.properties"));

            assertEquals("argument", config.extra().get("marker"));
            assertEquals(Optional.of(workDir.resolve("arg.properties")), config.source());
        }

        @Test
        void thenTheSystemProperty() throws Exception {
            writeAllFour();
            system.setProperty("llm.failover.config", workDir.resolve("prop.properties").toString());
            env.put("LLM_FAILOVER_CONFIG", workDir.resolve("env.properties").toString());

            assertEquals("system-property", load(null).extra().get("marker"));
        }

        @Test
        void thenTheEnvironmentVariable() throws Exception {
            writeAllFour();
            env.put("LLM_FAILOVER_CONFIG", workDir.resolve("env.properties").toString());

            assertEquals("environment", load("").extra().get("marker"));
        }

        @Test
        void thenTheFileInTheWorkingDirectory() throws Exception {
            writeAllFour();

            FailoverConfig config = load(null);

            assertEquals("working-directory", config.extra().get("marker"));
            assertEquals(Optional.of(workDir.resolve("llm-failover.properties")), config.source());
        }

        @Test
        void aRelativeNamedPathIsResolvedAgainstTheWorkingDirectory() throws Exception {
            write("conf/failover.properties", "marker = relative");

            assertEquals("relative", load("config=conf/failover.properties").extra().get("marker"));
        }

        @ParameterizedTest(name = "agent arguments \"{0}\"")
        @MethodSource("io.llmfailover.runtime.config.ConfigLoaderTest#tolerantAgentArguments")
        void findsTheConfigAmongOtherAgentArguments(String agentArgs) throws Exception {
            write("x.properties", "marker = found");

            assertEquals("found", load(agentArgs).extra().get("marker"));
        }

        @ParameterizedTest(name = "named by {0}")
        @MethodSource("io.llmfailover.runtime.config.ConfigLoaderTest#namingSources")
        void aNamedFileThatDoesNotExistIsAnErrorNamingIt(String source, String expectedNaming) {
            Path missing = workDir.resolve("missing.properties");
            switch (source) {
                case "argument" -> { }
                case "property" -> system.setProperty("llm.failover.config", missing.toString());
                default -> env.put("LLM_FAILOVER_CONFIG", missing.toString());
            }
            String agentArgs = source.equals("argument") ? "config=" + missing : null;

            ConfigException error = assertThrows(ConfigException.class, () -> load(agentArgs));

            assertEquals("llm-failover config file " + missing + " named by " + expectedNaming + " does not exist",
                    error.getMessage());
        }

        @Test
        void theConfigCarriesTheBytesItWasParsedFromNeverASecondRead() throws Exception {
            Path file = write("arg.properties", "marker = as read");
            byte[] read = Files.readAllBytes(file);

            assertArrayEquals(read, load("config=" + file).sourceContent());
            byte[] given = "marker = as given\n".getBytes(StandardCharsets.UTF_8);
            FailoverConfig fromGiven = ConfigLoader.load("config=" + file, env, system, workDir, given);
            assertSame(given, fromGiven.sourceContent(), "what was parsed, not what the file holds");
            assertEquals("as given", fromGiven.extra().get("marker"));
            assertNull(load(null).sourceContent(), "no file");
        }

        @Test
        void noFileAtAllGivesTheDefaults() throws Exception {
            assertEquals(FailoverConfig.defaults(), load(null));
        }

        @Test
        void theAgentLogsToStandardErrorUnlessToldJavaUtilLogging() throws Exception {
            assertEquals("stderr", load(null).log());

            system.setProperty("llm.failover.agent.log", "JUL");

            assertEquals("jul", load(null).log());
        }

        @Test
        void systemPropertyOverridesApplyEvenWithoutAFile() throws Exception {
            system.setProperty("llm.failover.breaker.open-duration", "30s");
            system.setProperty("unrelated.property", "ignored");

            FailoverConfig config = load(null);

            assertEquals(Duration.ofSeconds(30), config.breaker().openDuration());
            assertEquals(Optional.empty(), config.source());
            assertEquals(Map.of(), config.extra());
        }
    }

    static Stream<String> tolerantAgentArguments() {
        return Stream.of("config=x.properties", " config = x.properties ", "debug=true,config=x.properties",
                "debug=true;config=x.properties;other=1", "x.properties");
    }

    static Stream<Arguments> namingSources() {
        return Stream.of(
                Arguments.of("argument", "the agent argument config="),
                Arguments.of("property", "the system property llm.failover.config"),
                Arguments.of("environment", "the environment variable LLM_FAILOVER_CONFIG"));
    }

    @Nested
    class TheContractExample {

        private FailoverConfig config;

        @BeforeEach
        void loadTheExample() throws Exception {
            env.put("DEEPSEEK_API_KEY", "sk-deepseek");
            env.put("ANTHROPIC_KEY_1", "sk-ant-1");
            env.put("ANTHROPIC_KEY_2", "sk-ant-2");
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "# Providers: one endpoint each, speaking one wire protocol.",
                    "provider.openai.url        = https://api.openai.com",
                    "provider.openai.protocol   = openai            # openai | anthropic | gemini",
                    "",
                    "provider.deepseek.url      = https://api.deepseek.com",
                    "provider.deepseek.protocol = openai",
                    "provider.deepseek.api-key  = ${DEEPSEEK_API_KEY}",
                    "provider.deepseek.model.gpt-4o = deepseek-chat  # model the app asked for -> model sent here",
                    "provider.deepseek.model.*  = deepseek-chat      # any other model",
                    "",
                    "provider.claude.url        = https://api.anthropic.com",
                    "provider.claude.protocol   = anthropic",
                    "provider.claude.api-keys   = ${ANTHROPIC_KEY_1}, ${ANTHROPIC_KEY_2}   # a key pool",
                    "provider.claude.model.*    = claude-sonnet-4-5",
                    "",
                    "route.chat.match = openai/gpt-4o*                # provider, or provider/model-glob",
                    "route.chat.chain = openai, claude, deepseek",
                    "route.default.match = openai",
                    "route.default.chain = openai, deepseek",
                    "",
                    "breaker.failure-rate      = 0.5     # open when this share of calls in the window failed",
                    "breaker.minimum-calls     = 20      # ... and at least this many calls were seen",
                    "breaker.window            = 10s",
                    "breaker.consecutive-failures = 3    # or this many failures in a row",
                    "breaker.open-duration     = 5s      # then half-open",
                    "breaker.half-open-probes  = 3       # successes needed to close again",
                    "",
                    "throttle.enabled          = true    # AIMD on 429: halve, honour Retry-After, creep back",
                    "timeout.first-byte        = 2s      # no response headers by then: fail over",
                    "failover.on               = 429, 500, 502, 503, 504, 529, timeout, connect",
                    "",
                    "otel.exporter.otlp.endpoint = http://localhost:4318   # standard OpenTelemetry names",
                    "otel.service.name           = my-service");
            config = load(null);
        }

        @Test
        void readsTheProvidersInFileOrderWithNormalisedUrls() {
            assertEquals(List.of("openai", "deepseek", "claude"), List.copyOf(config.providers().keySet()));
            assertEquals(URI.create("https://api.openai.com/v1"), config.providers().get("openai").baseUrl());
            assertEquals(URI.create("https://api.deepseek.com/v1"), config.providers().get("deepseek").baseUrl());
            assertEquals(URI.create("https://api.anthropic.com/v1"), config.providers().get("claude").baseUrl());
            assertEquals(Protocol.ANTHROPIC, config.providers().get("claude").protocol());
        }

        @Test
        void substitutesKeysFromTheEnvironmentIntoTheKeyPool() {
            assertEquals(List.of("sk-deepseek"), config.providers().get("deepseek").apiKeys());
            assertEquals(List.of("sk-ant-1", "sk-ant-2"), config.providers().get("claude").apiKeys());
            assertFalse(config.providers().get("openai").hasOwnKeys());
        }

        @Test
        void readsTheModelMaps() {
            Provider deepseek = config.providers().get("deepseek");
            assertEquals("deepseek-chat", deepseek.mapModel("gpt-4o"));
            assertEquals("deepseek-chat", deepseek.mapModel("gpt-4.1"));
            assertEquals("claude-sonnet-4-5", config.providers().get("claude").mapModel("gpt-4o"));
        }

        @Test
        void readsTheRoutesInFileOrder() {
            assertEquals(List.of(
                    new RouteSettings("chat", "openai", "gpt-4o*", List.of("openai", "claude", "deepseek")),
                    new RouteSettings("default", "openai", null, List.of("openai", "deepseek"))),
                    config.routes());
        }

        @Test
        void readsTheBreakerThrottleTimeoutAndFailoverSettings() {
            assertEquals(new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 3), config.breaker());
            assertEquals(ThrottleSettings.DEFAULTS, config.throttle());
            assertEquals(Duration.ofSeconds(2), config.firstByteTimeout());
            assertEquals(FailoverPolicy.DEFAULTS, config.failoverOn());
        }

        @Test
        void withoutATranslationKeyTheDefaultMaxTokensIs4096() {
            assertEquals(4096, config.defaultMaxTokens());
        }

        @Test
        void keepsTheOtelKeysAsWritten() {
            assertEquals(Map.of("otel.exporter.otlp.endpoint", "http://localhost:4318", "otel.service.name", "my-service"),
                    config.otel());
            assertEquals(Map.of(), config.extra());
        }

        @Test
        void neverShowsAKeyInToString() {
            String shown = config.toString() + config.providers().values();
            assertFalse(shown.contains("sk-"), shown);
        }
    }

    @Nested
    class Overrides {

        @Test
        void aSystemPropertyReplacesTheFileValue() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "breaker.open-duration = 5s", "provider.local.url = http://127.0.0.1:8080");
            system.setProperty("llm.failover.breaker.open-duration", "500ms");
            system.setProperty("llm.failover.provider.local.url", "http://127.0.0.1:9090/v2");

            FailoverConfig config = load(null);

            assertEquals(Duration.ofMillis(500), config.breaker().openDuration());
            assertEquals(URI.create("http://127.0.0.1:9090/v2"), config.providers().get("local").baseUrl());
        }

        @Test
        void aSystemPropertyAddsAKeyTheFileLacks() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "provider.local.url = http://127.0.0.1:8080");
            system.setProperty("llm.failover.provider.local.api-key", "sk-from-property");
            system.setProperty("llm.failover.throttle.enabled", "false");

            FailoverConfig config = load(null);

            assertEquals(List.of("sk-from-property"), config.providers().get("local").apiKeys());
            assertFalse(config.throttle().enabled());
        }

        @Test
        void theAgentsTaskCapIsASystemPropertyTheConfigLeavesToTheAgentsThreads() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "provider.local.url = http://127.0.0.1:8080");
            system.setProperty("llm.failover.agent.max-threads", "4");

            assertEquals(List.of("local"), List.copyOf(load(null).providers().keySet()));
        }

        @Test
        void theAgentsTaskCapInTheFileIsAnErrorSayingWhereItGoes() throws Exception {
            String message = problemsOf("provider.local.url = http://127.0.0.1:8080", "agent.max-threads = 4");

            assertTrue(message.contains(file() + ":2: agent.max-threads = 4: read from the system property alone: "
                    + "start the JVM with -Dllm.failover.agent.max-threads=4"), message);
        }

        @Test
        void anErrorInAnOverrideNamesTheSystemProperty() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "breaker.window = 10s");
            system.setProperty("llm.failover.breaker.window", "10");

            String message = assertThrows(ConfigException.class, () -> load(null)).getMessage();

            assertTrue(message.contains("\nsystem property llm.failover.breaker.window: breaker.window = 10: "
                    + "a duration needs a unit; add ms, s, m or h (e.g. 2s)"), message);
        }
    }

    @Nested
    class EnvironmentVariables {

        @Test
        void severalPlaceholdersInOneValueAreAllReplaced() throws Exception {
            env.put("HOST", "127.0.0.1");
            env.put("PORT", "8080");
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "provider.local.url = http://${HOST}:${PORT}/v1", "note = ${HOST}-${HOST}");

            FailoverConfig config = load(null);

            assertEquals(URI.create("http://127.0.0.1:8080/v1"), config.providers().get("local").baseUrl());
            assertEquals("127.0.0.1-127.0.0.1", config.extra().get("note"));
        }

        @Test
        void anUnsetVariableIsAnErrorNamingTheKeyAndTheVariable() throws Exception {
            String message = problemsOf("provider.local.url = http://127.0.0.1:8080", "provider.local.api-key = ${LOCAL_KEY}");

            assertTrue(message.contains(file() + ":2: provider.local.api-key = <hidden>: environment variable LOCAL_KEY is not set"),
                    message);
        }

        @Test
        void theValueOfASubstitutedVariableNeverAppearsInAnError() throws Exception {
            env.put("WINDOW", "ten-seconds-secret");

            String message = problemsOf("breaker.window = ${WINDOW}");

            assertTrue(message.contains(file() + ":1: breaker.window = ${WINDOW}: malformed duration"), message);
            assertFalse(message.contains("ten-seconds-secret"), message);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badConfigs")
    void reportsEachProblemWithTheFileTheLineAndTheKey(String problem, List<String> lines, String expected) throws Exception {
        String message = problemsOf(lines.toArray(String[]::new));

        assertTrue(message.contains("\n" + expected.replace("{file}", file())), message);
    }

    static Stream<Arguments> badConfigs() {
        return Stream.of(
                Arguments.of("unknown protocol", List.of("provider.claude.url = https://api.anthropic.com", "provider.claude.protocol = antropic"),
                        "{file}:2: provider.claude.protocol = antropic: unknown protocol; expected one of openai, anthropic, gemini, bedrock"),
                Arguments.of("chain naming an undefined provider",
                        List.of("route.default.match = openai", "route.default.chain = openai, nobody"),
                        "{file}:2: route.default.chain = openai, nobody: no provider named nobody; define provider.nobody.url"),
                Arguments.of("a well-known fallback without keys",
                        List.of("route.default.match = openai", "route.default.chain = openai, anthropic"),
                        "{file}:2: route.default.chain = openai, anthropic: no provider named anthropic; define provider.anthropic.url or at least provider.anthropic.api-key"),
                Arguments.of("malformed duration", List.of("", "breaker.window = 10"),
                        "{file}:2: breaker.window = 10: a duration needs a unit; add ms, s, m or h (e.g. 2s)"),
                Arguments.of("unknown log target", List.of("agent.log = syslog"),
                        "{file}:1: agent.log = syslog: expected one of stderr, jul, off"),
                Arguments.of("non-numeric rate", List.of("breaker.failure-rate = half"),
                        "{file}:1: breaker.failure-rate = half: expected a rate in (0, 1] such as 0.5, or a percentage such as 50%"),
                Arguments.of("rate above one", List.of("breaker.failure-rate = 150%"),
                        "{file}:1: breaker.failure-rate = 150%: expected a rate in (0, 1]"),
                Arguments.of("route without chain", List.of("# routes", "route.chat.match = openai"),
                        "{file}:2: route.chat: no chain; add route.chat.chain = <provider>, <fallback>, ..."),
                Arguments.of("route without match", List.of("route.chat.chain = openai"),
                        "{file}:1: route.chat: no match; add route.chat.match = <provider>[/<model-glob>]"),
                Arguments.of("empty chain", List.of("route.chat.match = openai", "route.chat.chain = , "),
                        "{file}:2: route.chat.chain = ,: empty chain; expected the route's provider, then its fallbacks in order"),
                Arguments.of("url that is not http(s)", List.of("provider.local.url = ftp://127.0.0.1/v1"),
                        "{file}:1: provider.local.url = ftp://127.0.0.1/v1: not an http(s) URL; expected an http(s) base URL such as https://api.openai.com/v1"),
                Arguments.of("match naming an undefined provider",
                        List.of("route.chat.match = nobody/gpt-4o*", "route.chat.chain = nobody"),
                        "{file}:1: route.chat.match = nobody/gpt-4o*: no provider named nobody; define provider.nobody.url or name a well-known provider (openai, "),
                Arguments.of("chain not starting with the app's own target",
                        List.of("provider.local.url = http://127.0.0.1:8080", "route.chat.match = openai", "route.chat.chain = local, openai"),
                        "{file}:3: route.chat.chain = local, openai: the app's own target must be the first provider of its route's chain; expected the chain to start with openai"),
                Arguments.of("provider listed twice in a chain",
                        List.of("provider.local.url = http://127.0.0.1:8080", "route.chat.match = local", "route.chat.chain = local, local"),
                        "{file}:3: route.chat.chain = local, local: local appears twice in the chain"),
                Arguments.of("step listed twice in a chain",
                        List.of("provider.local.url = http://127.0.0.1:8080", "route.chat.match = local",
                                "route.chat.chain = local, local/small, local/small"),
                        "{file}:3: route.chat.chain = local, local/small, local/small: local/small appears twice in the chain"),
                Arguments.of("step with a slash and no model",
                        List.of("provider.local.url = http://127.0.0.1:8080", "route.chat.match = local",
                                "route.chat.chain = local, local/"),
                        "{file}:3: route.chat.chain = local, local/: no model after local/; expected local or local/<model>"),
                Arguments.of("step naming a model of an undefined provider",
                        List.of("route.chat.match = openai", "route.chat.chain = openai, nobody/small"),
                        "{file}:2: route.chat.chain = openai, nobody/small: no provider named nobody; define provider.nobody.url"),
                Arguments.of("typo under a known prefix", List.of("breaker.windw = 10s"),
                        "{file}:1: breaker.windw: unknown key; did you mean breaker.window?"),
                Arguments.of("typo in a provider attribute", List.of("provider.local.ulr = http://127.0.0.1:8080"),
                        "{file}:1: provider.local.ulr: unknown key; did you mean provider.local.url?"),
                Arguments.of("typo in a route attribute", List.of("route.chat.chian = openai"),
                        "{file}:1: route.chat.chian: unknown key; did you mean route.chat.chain?"),
                Arguments.of("a misspelt key name never shows its value, which may be a credential",
                        List.of("provider.local.url = http://127.0.0.1:8080", "provider.local.api-kye = sk-proj-secret"),
                        "{file}:2: provider.local.api-kye: unknown key; did you mean provider.local.api-key?"),
                Arguments.of("nothing close under a known prefix", List.of("timeout.total = 10s"),
                        "{file}:1: timeout.total: unknown key; did you mean timeout.head?"),
                Arguments.of("provider without url", List.of("provider.local.protocol = openai"),
                        "{file}:1: provider.local: no url; add provider.local.url = <base URL with its version path>"),
                Arguments.of("key set twice", List.of("breaker.window = 10s", "breaker.window = 20s"),
                        "{file}:2: breaker.window = 20s: set twice; first set on line 1"),
                Arguments.of("line without a separator", List.of("breaker.window 10s"),
                        "{file}:1: breaker.window …: not a setting; expected key = value"),
                Arguments.of("not a boolean", List.of("throttle.enabled = yes"),
                        "{file}:1: throttle.enabled = yes: expected true or false"),
                Arguments.of("not a positive number", List.of("breaker.minimum-calls = many"),
                        "{file}:1: breaker.minimum-calls = many: expected a whole number of at least 1"),
                Arguments.of("a negative count", List.of("breaker.consecutive-failures = -1"),
                        "{file}:1: breaker.consecutive-failures = -1: expected a whole number of at least 0"),
                Arguments.of("a zero duration", List.of("timeout.first-byte = 0s"),
                        "{file}:1: timeout.first-byte = 0s: must be longer than zero"),
                Arguments.of("a caller error in failover.on", List.of("failover.on = 429, 401"),
                        "{file}:1: failover.on = 429, 401: lists a caller's error (400, 401, 403, 404, 413, 422), which is never failed over"),
                Arguments.of("an unknown failover token", List.of("failover.on = 429, sometimes"),
                        "{file}:1: failover.on = 429, sometimes: expected HTTP statuses and the tokens timeout and connect"),
                Arguments.of("throttle limits out of order", List.of("throttle.min-limit = 10", "throttle.max-limit = 5"),
                        "{file}:1: throttle.min-limit = 10: must not exceed throttle.max-limit (5)"),
                Arguments.of("a zero default max tokens", List.of("translation.default-max-tokens = 0"),
                        "{file}:1: translation.default-max-tokens = 0: expected a whole number of at least 1"),
                Arguments.of("a default max tokens that is no number", List.of("", "translation.default-max-tokens = 4k"),
                        "{file}:2: translation.default-max-tokens = 4k: expected a whole number of at least 1"),
                Arguments.of("a typo under translation", List.of("translation.default-max-tokns = 1024"),
                        "{file}:1: translation.default-max-tokns: unknown key; did you mean translation.default-max-tokens?"),
                Arguments.of("an empty model mapping", List.of("provider.local.url = http://127.0.0.1:8080", "provider.local.model.gpt-4o ="),
                        "{file}:2: provider.local.model.gpt-4o = : expected provider.local.model.<requested model or *> = <model sent here>"),
                Arguments.of("an empty api-key hides nothing but says so", List.of("provider.local.url = http://127.0.0.1:8080", "provider.local.api-key ="),
                        "{file}:2: provider.local.api-key = <hidden>: empty; remove the key to keep the app's own credential"),
                Arguments.of("an auth that names no header", List.of("provider.local.url = http://127.0.0.1:8080", "provider.local.auth = basic"),
                        "{file}:2: provider.local.auth = basic: unknown auth; expected one of bearer | api-key | x-api-key | x-goog-api-key | sigv4 | google"));
    }

    @Test
    void authNamesTheHeaderAProvidersKeyIsSentIn() throws Exception {
        write(ConfigFileLookup.DEFAULT_FILE_NAME, "provider.azure.url = http://127.0.0.1:8080/openai",
                "provider.azure.auth = api-key", "provider.local.url = http://127.0.0.1:9090/v1",
                "provider.cloud.url = https://res.openai.azure.com/openai/v1");

        FailoverConfig config = load(null);

        assertEquals(KeyHeader.API_KEY, config.providers().get("azure").keyHeader());
        assertEquals(KeyHeader.BEARER, config.providers().get("local").keyHeader());
        assertEquals(KeyHeader.API_KEY, config.providers().get("cloud").keyHeader(), "Azure hosts take api-key by default");
    }

    @Test
    void reportsEveryProblemInOneMessageOnePerLine() throws Exception {
        String message = problemsOf(
                "provider.claude.url = https://api.anthropic.com",
                "provider.claude.protocol = antropic",
                "breaker.window = 10",
                "breaker.failure-rate = lots",
                "route.chat.match = openai",
                "route.chat.chain = openai, nobody",
                "route.other.match = somebody",
                "route.other.chain = local");

        List<String> lines = message.lines().toList();
        assertEquals("llm-failover config " + file() + " has 7 problems:", lines.get(0));
        assertEquals(8, lines.size(), message);
        assertTrue(lines.get(1).startsWith(file() + ":2: provider.claude.protocol"), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":3: breaker.window")), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":4: breaker.failure-rate")), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":6: route.chat.chain")), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":7: route.other.match")), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":8: route.other.chain = local: the app's")), message);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith(file() + ":8: route.other.chain = local: no provider named local")), message);
    }

    @Test
    void neverPrintsAKeyWrittenInTheFile() throws Exception {
        String message = problemsOf("provider.local.api-keys = sk-literal-secret", "breaker.window = 1");

        assertFalse(message.contains("sk-literal-secret"), message);
        assertTrue(message.contains(file() + ":1: provider.local: no url"), message);
    }

    @Test
    void aBadConfigStillCarriesTheStrictFlag() throws Exception {
        write(ConfigFileLookup.DEFAULT_FILE_NAME, "agent.strict = true", "breaker.window = 10");

        assertTrue(assertThrows(ConfigException.class, () -> load(null)).strict());
        write(ConfigFileLookup.DEFAULT_FILE_NAME, "breaker.window = 10");
        assertFalse(assertThrows(ConfigException.class, () -> load(null)).strict());
    }

    @Test
    void zeroConsecutiveFailuresTurnsThatRuleOff() throws Exception {
        write(ConfigFileLookup.DEFAULT_FILE_NAME, "breaker.consecutive-failures = 0");

        assertEquals(0, load(null).breaker().consecutiveFailures());
    }

    @Test
    void readsTheDefaultMaxTokensOfTranslatedCalls() throws Exception {
        write(ConfigFileLookup.DEFAULT_FILE_NAME, "translation.default-max-tokens = 1024  # Anthropic needs a limit");

        FailoverConfig config = load(null);

        assertEquals(1024, config.defaultMaxTokens());
        assertEquals(Map.of(), config.extra(), "a known key is not left for features to read");
    }

    @Nested
    class FileSyntax {

        @Test
        void readsColonSeparatorsCommentsAndHashesInsideValues() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "! a bang comment",
                    "   # an indented comment",
                    "provider.local.url: http://127.0.0.1:8080/v1   # trailing comment",
                    "provider.local.model.meta-llama/llama-3-8b:free = llama3",
                    "colour=#a0b0c0",
                    "empty = # only a comment",
                    "anchor = page#section",
                    "agent.strict:true",
                    "otel.exporter.otlp.headers = Authorization=Bearer abc");

            FailoverConfig config = load(null);

            assertEquals(URI.create("http://127.0.0.1:8080/v1"), config.providers().get("local").baseUrl());
            assertEquals("llama3", config.providers().get("local").mapModel("meta-llama/llama-3-8b:free"));
            assertEquals("#a0b0c0", config.extra().get("colour"));
            assertEquals("", config.extra().get("empty"));
            assertEquals("page#section", config.extra().get("anchor"));
            assertTrue(config.strict());
            assertEquals("Authorization=Bearer abc", config.otel().get("otel.exporter.otlp.headers"));
            assertFalse(config.toString().contains("Bearer abc"), "otel values may be credentials");
        }
    }

    @Nested
    class Providers {

        @Test
        void apiKeyAndApiKeysAreJoinedApiKeyFirstWithoutDuplicates() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.local.url = http://127.0.0.1:8080",
                    "provider.local.api-keys = k2, k1 ,k3,",
                    "provider.local.api-key = k1");

            assertEquals(List.of("k1", "k2", "k3"), load(null).providers().get("local").apiKeys());
        }

        @Test
        void theProtocolDefaultsToTheWellKnownHostsElseOpenAi() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.claude.url = https://api.anthropic.com",
                    "provider.gemini.url = https://generativelanguage.googleapis.com",
                    "provider.gemini-compat.url = https://generativelanguage.googleapis.com/v1beta/openai",
                    "provider.local.url = http://127.0.0.1:8080");

            Map<String, Provider> providers = load(null).providers();

            assertEquals(Protocol.ANTHROPIC, providers.get("claude").protocol());
            assertEquals(Protocol.GEMINI, providers.get("gemini").protocol());
            assertEquals(URI.create("https://generativelanguage.googleapis.com/v1beta"), providers.get("gemini").baseUrl());
            assertEquals(Protocol.OPENAI, providers.get("gemini-compat").protocol());
            assertEquals(Protocol.OPENAI, providers.get("local").protocol());
        }

        @Test
        void aBedrockProviderTakesItsRegionalHostWithNoVersionPath() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.claude-on-bedrock.url = https://bedrock-runtime.eu-west-1.amazonaws.com/",
                    "provider.claude-on-bedrock.protocol = bedrock",
                    "provider.claude-on-bedrock.api-key = ABSK-test",
                    "provider.claude-on-bedrock.model.* = eu.anthropic.claude-sonnet-4-5-20250929-v1:0");

            Provider bedrock = load(null).providers().get("claude-on-bedrock");

            assertEquals(Protocol.BEDROCK, bedrock.protocol());
            assertEquals(URI.create("https://bedrock-runtime.eu-west-1.amazonaws.com"), bedrock.baseUrl());
        }

        @Test
        void aCallsBudgetIsEveryStepWithoutADeadlineUnlessSet() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.max-attempts = 2", "failover.deadline = 30s");
            assertEquals(new CallBudget(2, Duration.ofSeconds(30)), load(null).budget());

            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.deadline = off");
            assertEquals(CallBudget.UNLIMITED, load(null).budget());
        }

        @Test
        void waitingOutARetryAfterIsOffUnlessAsked() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.deadline = 30s", "failover.wait-for-retry-after = true");
            assertEquals(new CallBudget(0, Duration.ofSeconds(30), true), load(null).budget());

            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.deadline = 30s");
            assertFalse(load(null).budget().waitForRetryAfter());
        }

        @Test
        void fleetModeIsOffUnlessTheBackendIsRedis() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.deadline = 30s");
            assertEquals(FleetSettings.LOCAL, load(null).fleet());

            env.put("REDIS_PASSWORD", "s3cret-redis");
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "state.backend = redis",
                    "state.redis.url = rediss://redis.internal:6380/2",
                    "state.redis.password = ${REDIS_PASSWORD}",
                    "state.redis.timeout = 50ms",
                    "state.redis.prefix = checkout:");
            FleetSettings fleet = load(null).fleet();

            assertTrue(fleet.redis());
            assertEquals(URI.create("rediss://redis.internal:6380/2"), fleet.redisUrl());
            assertEquals("s3cret-redis", fleet.password());
            assertEquals(Duration.ofMillis(50), fleet.timeout());
            assertEquals("checkout:", fleet.prefix());
            assertFalse(fleet.toString().contains("s3cret"), fleet.toString());
        }

        @Test
        void aMalformedRedisUrlIsReportedWithoutItsPassword() throws Exception {
            String problems = problemsOf("state.backend = redis", "state.redis.url = http://user:hunter2@redis:6379",
                    "state.backend.extra = 1");

            assertTrue(problems.contains(":2: state.redis.url"), problems);
            assertTrue(problems.contains("expected redis://"), problems);
            assertFalse(problems.contains("hunter2"), problems);
            assertTrue(problems.contains(":3: state.backend.extra"), problems);
        }

        @Test
        void aRedisDatabaseThatIsNotANumberIsAProblemOfTheFileNotOfTheAgentsStart() throws Exception {
            String problems = problemsOf("state.backend = redis", "state.redis.url = redis://:hunter2@redis:6379/cache");

            assertTrue(problems.contains(":2: state.redis.url"), problems);
            assertTrue(problems.contains("database") && problems.contains("whole number"), problems);
            assertFalse(problems.contains("hunter2"), problems);
            for (String database : List.of("", "/", "/0", "/15")) {
                write(ConfigFileLookup.DEFAULT_FILE_NAME, "state.backend = redis", "state.redis.url = redis://redis:6379" + database);
                assertEquals(URI.create("redis://redis:6379" + database), load(null).fleet().redisUrl());
            }
        }

        @Test
        void hedgingIsOffUnlessSetAndARouteMayChangeItForItself() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.deepseek.api-key = dk",
                    "hedge.after = 800ms",
                    "route.fast.match = openai/gpt-4o-mini",
                    "route.fast.chain = openai, deepseek",
                    "route.fast.hedge-after = 300ms",
                    "route.batch.match = openai",
                    "route.batch.chain = openai, deepseek",
                    "route.batch.hedge-after = off",
                    "route.rest.match = openai/gpt-4o",
                    "route.rest.chain = openai, deepseek");

            FailoverConfig config = load(null);

            assertEquals(Duration.ofMillis(800), config.shaping().hedgeAfter());
            assertEquals(Duration.ofMillis(300), config.routes().get(0).hedgeAfter());
            assertEquals(Duration.ZERO, config.routes().get(1).hedgeAfter());
            assertNull(config.routes().get(2).hedgeAfter(), "follows hedge.after");

            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.deadline = 30s");
            assertEquals(Duration.ZERO, load(null).shaping().hedgeAfter());
        }

        @Test
        void aMalformedHedgeAfterNamesItsLineAndKey() throws Exception {
            String problems = problemsOf(
                    "provider.deepseek.api-key = dk",
                    "hedge.after = soon",
                    "route.chat.match = openai",
                    "route.chat.chain = openai, deepseek",
                    "route.chat.hedge-after = 5");

            assertTrue(problems.contains(":2: hedge.after"), problems);
            assertTrue(problems.contains(":5: route.chat.hedge-after"), problems);
        }

        @Test
        void aChainStepMayNameAModelOfItsProviderAndTheModelMayHoldASlash() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.openrouter.url = https://openrouter.ai/api/v1",
                    "provider.openrouter.api-key = ok",
                    "route.chat.match = openai/gpt-4o*",
                    "route.chat.chain = openai/gpt-4o, openai/gpt-4o-mini, openrouter/meta-llama/llama-3.1-70b");

            FailoverConfig config = load(null);

            assertEquals(List.of("openai/gpt-4o", "openai/gpt-4o-mini", "openrouter/meta-llama/llama-3.1-70b"),
                    config.routes().get(0).chain());
            assertTrue(config.namedModels().containsAll(List.of("gpt-4o-mini", "meta-llama/llama-3.1-70b")),
                    "a step's model has an exact breaker of its own");
        }

        @Test
        void aWellKnownNameNeedsOnlyItsKeysAndMayContainDots() throws Exception {
            env.put("GEMINI_KEY", "gk");
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "provider.anthropic.api-key = ak",
                    "provider.gcp.gemini.api-key = ${GEMINI_KEY}",
                    "provider.gcp.gemini.model.* = gemini-2.5-flash",
                    "route.default.match = openai",
                    "route.default.chain = openai, anthropic, gcp.gemini");

            FailoverConfig config = load(null);

            Provider anthropic = config.providers().get("anthropic");
            assertEquals(URI.create("https://api.anthropic.com/v1"), anthropic.baseUrl());
            assertEquals(Protocol.ANTHROPIC, anthropic.protocol());
            Provider gemini = config.providers().get("gcp.gemini");
            assertEquals(Protocol.GEMINI, gemini.protocol());
            assertEquals(List.of("gk"), gemini.apiKeys());
            assertEquals("gemini-2.5-flash", gemini.mapModel("gpt-4o"));
            assertEquals(List.of("openai", "anthropic", "gcp.gemini"), config.routes().get(0).chain());
        }

        @Test
        void aMatchOfStarOrNoModelMeansAnyModelAndTheModelGlobMayHoldSlashes() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME,
                    "route.any.match = openai/*",
                    "route.any.chain = openai",
                    "route.router.match = openrouter/openai/gpt-4o*",
                    "route.router.chain = openrouter");

            List<RouteSettings> routes = load(null).routes();

            assertNull(routes.get(0).modelGlob());
            assertEquals("openrouter", routes.get(1).provider());
            assertEquals("openai/gpt-4o*", routes.get(1).modelGlob());
        }

        @Test
        void failoverOnReadsStatusesAndTokens() throws Exception {
            write(ConfigFileLookup.DEFAULT_FILE_NAME, "failover.on = 503, 529, TIMEOUT");

            assertEquals(new FailoverPolicy(Set.of(503, 529), true, false), load(null).failoverOn());
        }
    }
}
