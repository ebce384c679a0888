package io.llmfailover.runtime.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Finds, reads and validates the config: the file of the contract's lookup order, overridden key
 * by key by the environment variables {@code LLM_FAILOVER_<KEY>} ({@link EnvironmentSettings}), and
 * those by the system properties {@code llm.failover.<key>}, with {@code ${NAME}} taken from the
 * environment.
 */
public final class ConfigLoader {

    static final String OVERRIDE_PREFIX = "llm.failover.";

    private ConfigLoader() {}

    /**
     * Loads the config following the contract's lookup order: the agent argument
     * {@code config=/path}, the system property {@code llm.failover.config}, the environment
     * variable {@code LLM_FAILOVER_CONFIG}, then {@code llm-failover.properties} in the working
     * directory. No file found gives {@link FailoverConfig#defaults()}, with any
     * keys of the environment and system properties applied.
     *
     * @param agentArgs the raw {@code -javaagent:...=<args>} string, may be null
     * @throws ConfigException a named file does not exist, or the config is invalid; the message
     *     lists every problem with its file, line and key
     */
    public static FailoverConfig load(String agentArgs) throws ConfigException {
        return load(agentArgs, System.getenv(), System.getProperties(), Path.of("").toAbsolutePath());
    }

    /** {@link #load(String)} with the environment, system properties and working directory given. */
    public static FailoverConfig load(String agentArgs, Map<String, String> env, Properties systemProperties,
            Path workDir) throws ConfigException {
        return load(agentArgs, env, systemProperties, workDir, null);
    }

    /**
     * As {@link #load(String)}, the file's bytes as the caller read them: what is checked and
     * applied is exactly what the caller looked at, however the file changes meanwhile.
     */
    public static FailoverConfig load(String agentArgs, byte[] fileContent) throws ConfigException {
        return load(agentArgs, System.getenv(), System.getProperties(), Path.of("").toAbsolutePath(), fileContent);
    }

    /**
     * @param fileContent the file's bytes as read by the caller, or null to read them here, once: the
     *     config carries the bytes it was parsed from ({@link FailoverConfig#sourceContent()})
     */
    public static FailoverConfig load(String agentArgs, Map<String, String> env, Properties systemProperties,
            Path workDir, byte[] fileContent) throws ConfigException {
        Optional<Path> file = ConfigFileLookup.find(agentArgs, env, systemProperties, workDir);
        ConfigProblems problems = new ConfigProblems();
        List<ConfigEntry> fileEntries = List.of();
        byte[] content = null;
        if (file.isPresent()) {
            content = fileContent != null ? fileContent : PropertiesFileReader.contentOf(file.get());
            fileEntries = PropertiesFileReader.read(file.get(), content, problems);
        }
        List<ConfigEntry> overrides = overrides(systemProperties);
        List<ConfigEntry> written = new ArrayList<>(fileEntries);
        written.addAll(overrides);
        List<ConfigEntry> environment = EnvironmentSettings.read(env, written, problems);
        return ConfigBinder.bind(file, content, fileEntries, environment, overrides, env, problems);
    }

    /** Where {@link #load(String)} looks for the file, in order: what to say when it found none. */
    public static String placesLooked() {
        return ConfigFileLookup.placesLooked(Path.of("").toAbsolutePath());
    }

    /**
     * A config of these properties alone, as if they were a file named {@code name}: no file is read,
     * and no system property or environment variable applies. For the agent's own made-up calls.
     */
    public static FailoverConfig ofProperties(String name, String properties) throws ConfigException {
        ConfigProblems problems = new ConfigProblems();
        List<ConfigEntry> entries = PropertiesFileReader.parse(properties.lines().toList(), name, problems);
        return ConfigBinder.bind(Optional.empty(), null, entries, List.of(), List.of(), Map.of(), problems);
    }

    /** Every {@code llm.failover.<key>} system property but the lookup's own, in name order. */
    private static List<ConfigEntry> overrides(Properties systemProperties) {
        List<ConfigEntry> overrides = new ArrayList<>();
        systemProperties.stringPropertyNames().stream()
                .filter(name -> name.startsWith(OVERRIDE_PREFIX) && name.length() > OVERRIDE_PREFIX.length())
                .filter(name -> !name.equals(ConfigFileLookup.SYSTEM_PROPERTY))
                .sorted()
                .forEach(name -> overrides.add(ConfigEntry.systemProperty(name.substring(OVERRIDE_PREFIX.length()),
                        systemProperties.getProperty(name).strip(), name)));
        return overrides;
    }
}
