package io.llmfailover.agent.installer;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;

/**
 * Whether {@code agent.strict = true} was asked for, answered even when the config file itself is
 * invalid (that is exactly when it matters). Looks at the agent argument, the system property
 * {@code llm.failover.agent.strict}, the environment variable {@code LLM_FAILOVER_AGENT_STRICT}, then the
 * {@code agent.strict} key of the config file found by the contract's lookup order, read leniently.
 */
final class StrictMode {

    static final String KEY = "agent.strict";
    static final String ENV_VARIABLE = "LLM_FAILOVER_AGENT_STRICT";

    private final Function<String, String> systemProperties;
    private final Function<String, String> environment;
    private final Path workingDirectory;

    StrictMode(Function<String, String> systemProperties, Function<String, String> environment, Path workingDirectory) {
        this.systemProperties = systemProperties;
        this.environment = environment;
        this.workingDirectory = workingDirectory;
    }

    static StrictMode ofThisJvm() {
        return new StrictMode(System::getProperty, System::getenv, Path.of(""));
    }

    boolean requested(String agentArgs) {
        String fromArgs = agentArgument(agentArgs, KEY);
        if (fromArgs == null) {
            fromArgs = agentArgument(agentArgs, "strict");
        }
        if (fromArgs != null) {
            return isTrue(fromArgs);
        }
        String fromProperty = systemProperties.apply("llm.failover." + KEY);
        if (fromProperty != null) {
            return isTrue(fromProperty);
        }
        String fromEnvironment = environment.apply(ENV_VARIABLE);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return isTrue(fromEnvironment);
        }
        Path file = configFile(agentArgs);
        return file != null && isTrue(readKey(file));
    }

    private Path configFile(String agentArgs) {
        for (String candidate : new String[] {
                agentArgument(agentArgs, "config"),
                systemProperties.apply("llm.failover.config"),
                environment.apply("LLM_FAILOVER_CONFIG")}) {
            if (candidate != null && !candidate.isBlank()) {
                return Path.of(candidate.trim());
            }
        }
        Path inWorkingDirectory = workingDirectory.resolve("llm-failover.properties");
        return Files.isRegularFile(inWorkingDirectory) ? inWorkingDirectory : null;
    }

    private static String readKey(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        return properties.getProperty(KEY);
    }

    private static String agentArgument(String agentArgs, String key) {
        return AgentArguments.lenientValue(agentArgs, key);
    }

    private static boolean isTrue(String value) {
        if (value == null) {
            return false;
        }
        int comment = value.indexOf('#');
        String bare = (comment >= 0 ? value.substring(0, comment) : value).trim();
        return bare.toLowerCase(Locale.ROOT).equals("true");
    }
}
