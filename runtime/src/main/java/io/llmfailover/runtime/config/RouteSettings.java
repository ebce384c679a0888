package io.llmfailover.runtime.config;

import java.util.List;

/**
 * One {@code route.<name>.*} block.
 *
 * @param provider the provider part of {@code match}
 * @param modelGlob the model part of {@code match} ({@code gpt-4o*}), or null for any model
 * @param chain provider names in failover order; the first is the provider the app addresses
 */
public record RouteSettings(String name, String provider, String modelGlob, List<String> chain) {

    public RouteSettings {
        chain = List.copyOf(chain);
    }

    /** The provider a chain step names: all of {@code openai}, the part before the first {@code /} of {@code openai/gpt-4o-mini}. */
    public static String stepProvider(String step) {
        int slash = step.indexOf('/');
        return slash < 0 ? step : step.substring(0, slash);
    }

    /** The model a chain step names, or null when it names none. */
    public static String stepModel(String step) {
        int slash = step.indexOf('/');
        return slash < 0 ? null : step.substring(slash + 1);
    }
}
