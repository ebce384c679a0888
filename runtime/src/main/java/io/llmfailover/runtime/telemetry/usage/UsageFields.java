package io.llmfailover.runtime.telemetry.usage;

import com.fasterxml.jackson.core.filter.TokenFilter;
import java.util.Set;

/**
 * The parts of a response document {@link ResponseJson} reads, as a filter for Jackson's parser:
 * the answer's text, most of its bytes, is skipped over instead of being built into a tree that
 * nobody reads. Not used when content capture is on, which wants the text.
 */
final class UsageFields extends TokenFilter {

    /** A whole response, a streamed chunk, or one wrapped in another ({@code response}, {@code message}). */
    static final TokenFilter DOCUMENT = new UsageFields();

    private static final Set<String> WHOLE = Set.of("model", "modelVersion", "id", "responseId", "stop_reason",
            "object", "status", "type", "usage", "usageMetadata", "delta");
    private static final TokenFilter CHOICES = new Elements(new OneField("finish_reason"));
    private static final TokenFilter CANDIDATES = new Elements(new OneField("finishReason"));

    private UsageFields() {}

    @Override
    public TokenFilter includeProperty(String name) {
        if (WHOLE.contains(name)) {
            return TokenFilter.INCLUDE_ALL;
        }
        return switch (name) {
            case "choices" -> CHOICES;
            case "candidates" -> CANDIDATES;
            case "response", "message" -> this;
            default -> null;
        };
    }

    /** Gemini streams a JSON array of chunks: each is a document. */
    @Override
    public TokenFilter includeElement(int index) {
        return this;
    }

    /** Every element of an array, through the given filter. */
    private static final class Elements extends TokenFilter {
        private final TokenFilter element;

        Elements(TokenFilter element) {
            this.element = element;
        }

        @Override
        public TokenFilter includeElement(int index) {
            return element;
        }

        @Override
        public TokenFilter includeProperty(String name) {
            return null;
        }
    }

    /** One field of an object, whole. */
    private static final class OneField extends TokenFilter {
        private final String field;

        OneField(String field) {
            this.field = field;
        }

        @Override
        public TokenFilter includeProperty(String name) {
            return field.equals(name) ? TokenFilter.INCLUDE_ALL : null;
        }

        @Override
        public TokenFilter includeElement(int index) {
            return null;
        }
    }
}
