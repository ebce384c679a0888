package io.llmfailover.agent.installer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code -javaagent:llm-failover-agent.jar=<arguments>} string: {@code k=v} pairs split by
 * {@code ,} or {@code ;}, or a lone config path. A key the agent does not know is an error, so that
 * a typo ({@code conf=…}) does not silently leave the agent without its config.
 */
final class AgentArguments {

    static final Set<String> KEYS = Set.of("config", "strict", "agent.strict");

    private final Map<String, String> values;

    private AgentArguments(Map<String, String> values) {
        this.values = values;
    }

    /** @throws IllegalArgumentException naming the unknown argument and the ones that exist */
    static AgentArguments parse(String raw) {
        Map<String, String> values = new LinkedHashMap<>();
        if (raw == null || raw.isBlank()) {
            return new AgentArguments(values);
        }
        if (!raw.contains("=")) {
            values.put("config", raw.strip());
            return new AgentArguments(values);
        }
        for (String pair : raw.split("[,;]")) {
            if (pair.isBlank()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String key = equals < 0 ? pair.strip() : pair.substring(0, equals).strip();
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown agent argument '" + key + "' in -javaagent:…=" + raw
                        + "; expected config=<file> (and optionally strict=true)");
            }
            values.put(key, equals < 0 ? "" : pair.substring(equals + 1).strip());
        }
        return new AgentArguments(values);
    }

    /**
     * The value of {@code key} read leniently, ignoring whatever else the string holds: for strict
     * mode, which must be answered exactly when the arguments are otherwise invalid.
     */
    static String lenientValue(String raw, String key) {
        if (raw == null) {
            return null;
        }
        for (String pair : raw.split("[,;]")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).strip().equals(key)) {
                return pair.substring(equals + 1);
            }
        }
        return null;
    }

    Optional<String> value(String key) {
        return Optional.ofNullable(values.get(key));
    }
}
