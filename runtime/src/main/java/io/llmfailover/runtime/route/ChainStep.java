package io.llmfailover.runtime.route;

import io.llmfailover.runtime.config.RouteSettings;
import io.llmfailover.runtime.provider.Provider;
import java.util.Objects;
import java.util.function.Function;

/**
 * One step of a route's chain: a provider, and the model to ask it for, when the step names one
 * ({@code openai/gpt-4o-mini}) rather than leaving it to the provider's model map ({@code openai}).
 * A step that names its model has a throttle of its own ({@link #throttleScope()}), so a route can
 * degrade to a smaller model of the same provider while the bigger one is rate limited.
 *
 * @param model null when the provider's model map decides
 */
public record ChainStep(Provider provider, String model) {

    public ChainStep {
        Objects.requireNonNull(provider, "provider");
    }

    /** A step as the config writes it: {@code provider} or {@code provider/model} (a model may itself hold a {@code /}). */
    public static ChainStep parse(String text, Function<String, Provider> providerByName) {
        return new ChainStep(providerByName.apply(RouteSettings.stepProvider(text)), RouteSettings.stepModel(text));
    }

    /** The model this step sends for a call that asked for {@code requested}. */
    public String modelFor(String requested) {
        return model != null ? model : provider.mapModel(requested);
    }

    /** Where this step's throttles live: the provider's, or the provider's for this one model. */
    public String throttleScope() {
        return model == null ? provider.name() : provider.name() + "/" + model;
    }

    @Override
    public String toString() {
        return throttleScope();
    }
}
