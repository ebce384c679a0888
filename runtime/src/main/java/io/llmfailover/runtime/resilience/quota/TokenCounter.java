package io.llmfailover.runtime.resilience.quota;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
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
        if (ModelFamilies.O200K.matcher(name).lookingAt()) {
            return text -> O200k.ENCODING.countTokensOrdinary(text);
        }
        if (ModelFamilies.CL100K.matcher(name).lookingAt()) {
            return text -> Cl100k.ENCODING.countTokensOrdinary(text);
        }
        return BY_CHARACTERS;
    }

    /** Which encoding a model name takes. */
    final class ModelFamilies {
        static final Pattern O200K = Pattern.compile("gpt-4o|chatgpt-4o|gpt-4\\.1|gpt-4\\.5|gpt-5|o1|o3|o4");
        static final Pattern CL100K = Pattern.compile("gpt-|text-embedding-");

        private ModelFamilies() {}
    }

    /**
     * Each encoding's table is read on its first count only (about half a second for o200k_base), so
     * a gateway without token quotas never reads one, and one that counts gpt-4o reads only its own.
     */
    final class O200k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

        private O200k() {}
    }

    final class Cl100k {
        static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

        private Cl100k() {}
    }
}
