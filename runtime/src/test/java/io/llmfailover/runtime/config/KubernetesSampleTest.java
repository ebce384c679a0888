package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The manifests of {@code samples/kubernetes} parse, and everything they hand the agent is something it
 * reads: each key of the ConfigMap's properties is in the config reference (docs/configuration.md and
 * docs/telemetry.md) and loads without a problem, with the Deployment's environment as the agent gets
 * it; each {@code LLM_FAILOVER_*} variable sets a key; each {@code ${NAME}} is a variable the Deployment
 * sets; each port matches the one the agent or its Redis listens on.
 */
class KubernetesSampleTest {

    private static final Path SAMPLE = Path.of("..", "samples", "kubernetes");
    private static final List<Path> REFERENCE = List.of(Path.of("..", "docs", "configuration.md"),
            Path.of("..", "docs", "telemetry.md"));
    /** The port of {@code otel.metrics.exporter = prometheus}, the OpenTelemetry agent's default. */
    private static final int PROMETHEUS_PORT = 9464;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");
    private static final Pattern DOCUMENTED_KEY = Pattern.compile("`([a-z][a-z0-9_.*<>-]*\\.[a-z0-9_.*<>-]+)`");

    @TempDir
    Path workDir;

    private final List<Map<String, Object>> manifests = new ArrayList<>();

    @BeforeEach
    void parseEveryManifest() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLE)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (Reader reader = Files.newBufferedReader(file)) {
                    for (Object document : new Yaml(new SafeConstructor(new LoaderOptions())).loadAll(reader)) {
                        assertTrue(document instanceof Map, file + " holds a document that is no object");
                        manifests.add(map(document));
                    }
                }
            }
        }
        assertEquals(Set.of("ConfigMap", "Secret", "Deployment", "Service"),
                Set.copyOf(manifests.stream().map(m -> (String) m.get("kind")).toList()));
    }

    @Test
    void everyKeyOfTheConfigMapIsInTheConfigReferenceAndLoadsWithTheDeploymentsEnvironment() throws Exception {
        String properties = properties();
        List<Pattern> documented = documentedKeys();
        for (String line : properties.lines().toList()) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            String key = text.substring(0, PropertiesFileReader.separatorIndex(text)).strip();
            assertTrue(documented.stream().anyMatch(p -> p.matcher(key).matches()), key + " is in no table or list of the"
                    + " config reference");
        }
        Files.writeString(workDir.resolve("llm-failover.properties"), properties);

        FailoverConfig config = ConfigLoader.load("config=" + workDir.resolve("llm-failover.properties"),
                environmentAsTheAgentGetsIt(), new Properties(), workDir);

        assertEquals(List.of("openai", "anthropic", "deepseek"), config.routes().get(0).chain());
        assertTrue(config.fleet().redis(), "the two replicas are one fleet");
        assertEquals(Set.of("provider.deepseek.api-key", "state.key-salt", "status.interval"), config.fromEnvironment(),
                "every LLM_FAILOVER_* variable sets a key");
        assertFalse(config.providers().get("deepseek").apiKeys().isEmpty());
    }

    @Test
    void everyPlaceholderIsAVariableTheDeploymentSetsFromTheSecret() throws Exception {
        Map<String, Object> app = container("chat");
        Set<String> fromSecret = new LinkedHashSet<>();
        Set<String> secretKeys = map(manifest("Secret", "llm-failover-keys").get("stringData")).keySet();
        for (Object variable : list(app.get("env"))) {
            Map<String, Object> env = map(variable);
            if (env.containsKey("valueFrom")) {
                Map<String, Object> ref = map(map(env.get("valueFrom")).get("secretKeyRef"));
                assertEquals("llm-failover-keys", ref.get("name"));
                assertTrue(secretKeys.contains((String) ref.get("key")), env.get("name") + " reads a key the Secret lacks");
                fromSecret.add((String) env.get("name"));
            }
        }
        Matcher placeholders = PLACEHOLDER.matcher(properties());
        while (placeholders.find()) {
            assertTrue(fromSecret.contains(placeholders.group(1)), "${" + placeholders.group(1) + "} is set by no variable");
        }
        String toolOptions = (String) variables(app).get("JAVA_TOOL_OPTIONS");
        assertTrue(toolOptions.startsWith("-javaagent:/agent/llm-failover-agent.jar=config=/etc/llm-failover/"
                + "llm-failover.properties"), toolOptions);
    }

    @Test
    void theJarComesFromTheInitContainerAndThePortsAreTheOnesListenedOn() throws Exception {
        Map<String, Object> spec = podSpec("chat");
        Map<String, Object> init = map(list(spec.get("initContainers")).get(0));
        assertTrue(list(init.get("command")).contains("/agent/llm-failover-agent.jar"));
        assertTrue(list(spec.get("volumes")).stream().map(KubernetesSampleTest::map)
                .anyMatch(volume -> volume.get("name").equals("agent") && volume.containsKey("emptyDir")));
        assertEquals(2, map(manifest("Deployment", "chat").get("spec")).get("replicas"));

        Map<String, Object> annotations = map(map(map(map(manifest("Deployment", "chat").get("spec")).get("template"))
                .get("metadata")).get("annotations"));
        assertEquals("true", annotations.get("prometheus.io/scrape"));
        assertEquals(String.valueOf(PROMETHEUS_PORT), annotations.get("prometheus.io/port"));
        assertEquals(PROMETHEUS_PORT, port(container("chat"), "metrics"));
        assertTrue(properties().contains("otel.metrics.exporter = prometheus"));

        URI redis = URI.create(properties().lines().filter(line -> line.startsWith("state.redis.url"))
                .map(line -> line.substring(line.indexOf('=') + 1).strip()).findFirst().orElseThrow());
        Map<String, Object> service = manifest("Service", "redis");
        assertEquals("redis", redis.getHost(), "the Service's name");
        Map<String, Object> servicePort = map(list(map(service.get("spec")).get("ports")).get(0));
        assertEquals(redis.getPort(), servicePort.get("port"));
        assertEquals(redis.getPort(), port(map(list(podSpec("redis").get("containers")).get(0)), (String) servicePort.get("targetPort")));
    }

    private String properties() {
        return (String) map(manifest("ConfigMap", "llm-failover").get("data")).get("llm-failover.properties");
    }

    /** The container's variables, each from the Secret given a stand-in value as the agent would see it. */
    private Map<String, String> environmentAsTheAgentGetsIt() {
        Map<String, String> env = new HashMap<>();
        variables(container("chat")).forEach((name, value) -> env.put(name, value == null ? "stand-in-" + name : value));
        return env;
    }

    private static Map<String, String> variables(Map<String, Object> container) {
        Map<String, String> variables = new LinkedHashMap<>();
        list(container.get("env")).stream().map(KubernetesSampleTest::map)
                .forEach(env -> variables.put((String) env.get("name"), (String) env.get("value")));
        return variables;
    }

    /**
     * The keys the config reference names, as patterns: {@code provider.<name>.url} matches any name,
     * {@code provider.<name>.model.*} any model; {@code otel.*} is a family, not a key.
     */
    private static List<Pattern> documentedKeys() throws IOException {
        List<Pattern> keys = new ArrayList<>();
        for (Path page : REFERENCE) {
            Matcher key = DOCUMENTED_KEY.matcher(Files.readString(page));
            while (key.find()) {
                if (key.group(1).contains("*") && !key.group(1).endsWith(".model.*")) {
                    continue; // a family (otel.*, agent.log*, drill.*.fault), not a key
                }
                keys.add(Pattern.compile(Pattern.quote(key.group(1)).replaceAll("<[a-z-]+>", "\\\\E[^=\\\\s]+\\\\Q")
                        .replace("*", "\\E.+\\Q")));
            }
        }
        return keys;
    }

    private Map<String, Object> container(String deployment) {
        return list(podSpec(deployment).get("containers")).stream().map(KubernetesSampleTest::map)
                .filter(container -> container.get("name").equals(deployment)).findFirst().orElseThrow();
    }

    private Map<String, Object> podSpec(String deployment) {
        return map(map(map(manifest("Deployment", deployment).get("spec")).get("template")).get("spec"));
    }

    private static int port(Map<String, Object> container, String name) {
        return list(container.get("ports")).stream().map(KubernetesSampleTest::map)
                .filter(port -> port.get("name").equals(name)).map(port -> (Integer) port.get("containerPort"))
                .findFirst().orElseThrow(() -> new AssertionError("no port named " + name));
    }

    private Map<String, Object> manifest(String kind, String name) {
        return manifests.stream().filter(m -> kind.equals(m.get("kind")) && name.equals(map(m.get("metadata")).get("name")))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value) {
        return (List<Object>) value;
    }
}
