package io.llmfailover.runtime.resilience.quota;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

/**
 * The tokens a call will use, estimated before it is sent, computed once and only when a quota
 * asks: its input (the text of the messages, system prompt and instructions, by {@link
 * TokenCounter}; {@value #TOKENS_PER_IMAGE} tokens per image; the tools' JSON schema at {@value
 * TokenCounter#CHARS_PER_TOKEN} characters a token) plus its output, the {@code max_tokens} it
 * asks for ({@code max_completion_tokens}, {@code max_output_tokens}, Gemini's {@code
 * maxOutputTokens}), else {@code translation.default-max-tokens}. The answer's usage corrects it.
 * Counting exactly costs about 50 us per KB of prompt (and loading an encoding, about half a second
 * the first time), so it is done only where the operator set a token quota ({@link #total()}).
 */
public final class TokenEstimate {

    /** A flat rate per image: roughly a 1024×1024 picture at OpenAI's high detail. */
    public static final int TOKENS_PER_IMAGE = 1000;

    private static final Set<String> INPUT_FIELDS = Set.of("messages", "system", "input", "instructions", "prompt",
            "contents", "systemInstruction", "system_instruction");
    private static final Set<String> TOOL_FIELDS = Set.of("tools", "functions");
    private static final Set<String> IMAGE_TYPES = Set.of("image", "image_url", "input_image");
    private static final Set<String> IMAGE_FIELDS = Set.of("image_url", "inline_data", "inlineData", "file_data",
            "fileData");

    /** For a caller that knows nothing of the call: no tokens. */
    public static final TokenEstimate NONE = new TokenEstimate(new byte[0], null, 0);

    private final byte[] body;
    private final String model;
    private final int defaultMaxTokens;
    private long total = -1;
    private long byCharacters = -1;

    public TokenEstimate(byte[] body, String model, int defaultMaxTokens) {
        this.body = body;
        this.model = model;
        this.defaultMaxTokens = defaultMaxTokens;
    }

    /** Input plus output tokens, the input counted with the model's own encoding where it is known. */
    public long total() {
        if (total < 0) {
            total = estimate(TokenCounter.forModel(model));
        }
        return total;
    }

    /**
     * Input plus output tokens, the input at {@value TokenCounter#CHARS_PER_TOKEN} characters a token:
     * for a quota that only paces, where counting a long prompt exactly would cost the call more
     * than the precision is worth (the answer's usage corrects the charge either way).
     */
    public long byCharacters() {
        if (byCharacters < 0) {
            byCharacters = estimate(TokenCounter.BY_CHARACTERS);
        }
        return byCharacters;
    }

    private long estimate(TokenCounter counter) {
        JsonNode request;
        try {
            request = Json.MAPPER.readTree(body);
        } catch (IOException | RuntimeException notJson) {
            request = null;
        }
        if (request == null || !request.isObject()) {
            return TokenCounter.BY_CHARACTERS.count(new String(body, StandardCharsets.UTF_8)) + defaultMaxTokens;
        }
        return input(request, counter) + output(request);
    }

    private static long input(JsonNode request, TokenCounter counter) {
        long tokens = 0;
        for (Map.Entry<String, JsonNode> field : request.properties()) {
            if (INPUT_FIELDS.contains(field.getKey())) {
                tokens += content(field.getValue(), counter);
            } else if (TOOL_FIELDS.contains(field.getKey())) {
                tokens += TokenCounter.BY_CHARACTERS.count(field.getValue().toString());
            }
        }
        return tokens;
    }

    private static long content(JsonNode node, TokenCounter counter) {
        if (node.isTextual()) {
            return counter.count(node.asText());
        }
        if (isImage(node)) {
            return TOKENS_PER_IMAGE;
        }
        long tokens = 0;
        for (JsonNode child : node) {
            tokens += content(child, counter);
        }
        return tokens;
    }

    private static boolean isImage(JsonNode node) {
        if (!node.isObject()) {
            return false;
        }
        JsonNode type = node.get("type");
        if (type != null && IMAGE_TYPES.contains(type.asText())) {
            return true;
        }
        for (String field : IMAGE_FIELDS) {
            if (node.has(field)) {
                return true;
            }
        }
        return false;
    }

    private long output(JsonNode request) {
        for (String field : new String[] {"max_tokens", "max_completion_tokens", "max_output_tokens"}) {
            JsonNode value = request.get(field);
            if (value != null && value.canConvertToLong()) {
                return value.asLong();
            }
        }
        JsonNode generation = request.path("generationConfig").get("maxOutputTokens");
        return generation != null && generation.canConvertToLong() ? generation.asLong() : defaultMaxTokens;
    }
}
