package io.llmfailover.runtime.config;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The contract's lookup order, first match wins: the agent argument {@code config=/path}, the
 * system property {@code llm.failover.config}, the environment variable {@code LLM_FAILOVER_CONFIG},
 * then {@code llm-failover.properties} in the working directory. A named file must exist.
 */
final class ConfigFileLookup {

    static final String SYSTEM_PROPERTY = "llm.failover.config";
    static final String ENV_VARIABLE = "LLM_FAILOVER_CONFIG";
    static final String DEFAULT_FILE_NAME = "llm-failover.properties";

    private ConfigFileLookup() {}

    static Optional<Path> find(String agentArgs, Map<String, String> env, Properties system, Path workDir)
            throws ConfigException {
        Optional<String> fromArgument = configArgument(agentArgs);
        if (fromArgument.isPresent()) {
            return Optional.of(named(fromArgument.get(), "the agent argument config=", workDir));
        }
        String fromProperty = system.getProperty(SYSTEM_PROPERTY);
        if (fromProperty != null && !fromProperty.isBlank()) {
            return Optional.of(named(fromProperty, "the system property " + SYSTEM_PROPERTY, workDir));
        }
        String fromEnv = env.get(ENV_VARIABLE);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Optional.of(named(fromEnv, "the environment variable " + ENV_VARIABLE, workDir));
        }
        Path inWorkDir = workDir.resolve(DEFAULT_FILE_NAME);
        return Files.isRegularFile(inWorkDir) ? Optional.of(inWorkDir) : Optional.empty();
    }

    /** Every place {@link #find} looks, in its order, for the line that says none held a file. */
    static String placesLooked(Path workDir) {
        return "the agent argument config=, the system property " + SYSTEM_PROPERTY + ", the environment variable "
                + ENV_VARIABLE + ", then " + workDir.resolve(DEFAULT_FILE_NAME);
    }

    /**
     * {@code config=/path} among comma- or semicolon-separated {@code k=v} pairs; a lone value with
     * no {@code =} is taken as the path too.
     */
    static Optional<String> configArgument(String agentArgs) {
        if (agentArgs == null || agentArgs.isBlank()) {
            return Optional.empty();
        }
        String[] pairs = agentArgs.split("[,;]");
        for (String pair : pairs) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).strip().equals("config")) {
                String path = pair.substring(equals + 1).strip();
                return path.isEmpty() ? Optional.empty() : Optional.of(path);
            }
        }
        if (pairs.length == 1 && !agentArgs.contains("=")) {
            return Optional.of(agentArgs.strip());
        }
        return Optional.empty();
    }

    private static Path named(String path, String namedBy, Path workDir) throws ConfigException {
        Path file;
        try {
            file = workDir.resolve(path.strip());
        } catch (InvalidPathException e) {
            throw new ConfigException("llm-failover config file " + path.strip() + " named by " + namedBy
                    + " is not a valid path");
        }
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("llm-failover config file " + file + " named by " + namedBy
                    + (Files.exists(file) ? " is not a regular file" : " does not exist"));
        }
        return file;
    }
}
