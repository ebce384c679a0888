package io.llmfailover.runtime.telemetry.otel;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The standard {@code otel.*} settings as the OpenTelemetry Java agent reads them: a system
 * property first, then the matching {@code OTEL_*} environment variable, then the agent's config
 * file ({@code otel.*} keys of the properties file).
 */
public final class OtelProperties {

    private final Map<String, String> file;
    private final Function<String, String> environment;
    private final Function<String, String> systemProperties;

    public OtelProperties(Map<String, String> file, Function<String, String> environment,
            Function<String, String> systemProperties) {
        this.file = Map.copyOf(file);
        this.environment = environment;
        this.systemProperties = systemProperties;
    }

    /** The properties of this JVM: its system properties and environment, with the config file's keys. */
    public static OtelProperties of(Map<String, String> file) {
        return new OtelProperties(file, System::getenv, System::getProperty);
    }

    public Optional<String> get(String key) {
        String value = systemProperties.apply(key);
        if (isBlank(value)) {
            value = environment.apply(environmentName(key));
        }
        if (isBlank(value)) {
            value = file.get(key);
        }
        return isBlank(value) ? Optional.empty() : Optional.of(value.trim());
    }

    public String get(String key, String defaultValue) {
        return get(key).orElse(defaultValue);
    }

    /** {@code otel.exporter.otlp.endpoint} is read from {@code OTEL_EXPORTER_OTLP_ENDPOINT}. */
    static String environmentName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
