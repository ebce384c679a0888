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
}
