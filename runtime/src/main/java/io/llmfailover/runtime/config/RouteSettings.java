package io.llmfailover.runtime.config;

import java.time.Duration;
import java.util.List;

/**
 * One {@code route.<name>.*} block.
 *
 * @param provider the provider part of {@code match}
 * @param modelGlob the model part of {@code match} ({@code gpt-4o*}), or null for any model
 * @param chain provider names in failover order; the first is the provider the app addresses
 * @param hedgeAfter {@code route.<name>.hedge-after}, or null to follow {@code hedge.after}; zero for never
 * @param selectable {@code route.<name>.selectable}: an {@code x-llm-route} header may pick this route for a
 *     call addressed to a provider its match does not name
 */
public record RouteSettings(String name, String provider, String modelGlob, List<String> chain, Duration hedgeAfter,
        boolean selectable) {

    public RouteSettings {
        chain = List.copyOf(chain);
    }

    /** A route that only calls to its own provider may pick by header. */
    public RouteSettings(String name, String provider, String modelGlob, List<String> chain, Duration hedgeAfter) {
        this(name, provider, modelGlob, chain, hedgeAfter, false);
    }

    /** A route that hedges as {@code hedge.after} says. */
    public RouteSettings(String name, String provider, String modelGlob, List<String> chain) {
        this(name, provider, modelGlob, chain, null);
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
