package io.llmfailover.runtime.quota;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Counts the tokens of a text for a model: exactly, with OpenAI's byte-pair encodings, for OpenAI
 * models ({@code o200k_base} for the gpt-4o, gpt-4.1, gpt-4.5, gpt-5 and o-series families,
 * {@code cl100k_base} for the other gpt- and text-embedding models); elsewhere
 * {@value #CHARS_PER_TOKEN} characters to a token, rounded up, the usual rule of thumb for English
 * text and code.
 */
interface TokenCounter {

    int CHARS_PER_TOKEN = 4;

    long count(String text);

    TokenCounter BY_CHARACTERS = text -> (text.length() + CHARS_PER_TOKEN - 1) / CHARS_PER_TOKEN;

    static TokenCounter forModel(String model) {
        if (model == null) {
            return BY_CHARACTERS;
        }
        String name = model.toLowerCase(Locale.ROOT).replaceFirst("^(ft:|openai/)", "");
        if (Encoders.O200K_MODELS.matcher(name).lookingAt()) {
            return Encoders.O200K::countTokensOrdinary;
        }
        if (Encoders.CL100K_MODELS.matcher(name).lookingAt()) {
            return Encoders.CL100K::countTokensOrdinary;
        }
        return BY_CHARACTERS;
    }

    /** Loaded on first use only: a gateway without token quotas never reads the encodings' tables. */
    final class Encoders {
        static final Pattern O200K_MODELS = Pattern.compile("gpt-4o|chatgpt-4o|gpt-4\\.1|gpt-4\\.5|gpt-5|o1|o3|o4");
        static final Pattern CL100K_MODELS = Pattern.compile("gpt-|text-embedding-");
        private static final EncodingRegistry REGISTRY = Encodings.newLazyEncodingRegistry();
        static final Encoding O200K = REGISTRY.getEncoding(EncodingType.O200K_BASE);
        static final Encoding CL100K = REGISTRY.getEncoding(EncodingType.CL100K_BASE);

        private Encoders() {}
    }
}
