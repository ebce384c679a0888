package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.Usage;

/** OpenAI's usage object: {@code prompt_tokens} already counts cached tokens, as the neutral rule does. */
final class OpenAiUsage {

    private OpenAiUsage() {}

    static Usage read(JsonNode usage) {
        long cached = Json.count(usage.path("prompt_tokens_details"), "cached_tokens");
        if (cached == 0) {
            cached = Json.count(usage, "prompt_cache_hit_tokens"); // DeepSeek
        }
        return new Usage(Json.count(usage, "prompt_tokens"), cached, 0, Json.count(usage, "completion_tokens"),
                Json.count(usage.path("completion_tokens_details"), "reasoning_tokens"));
    }

    static ObjectNode write(Usage usage) {
        ObjectNode written = Json.object()
                .put("prompt_tokens", usage.input())
                .put("completion_tokens", usage.output())
                .put("total_tokens", usage.total());
        written.putObject("prompt_tokens_details").put("cached_tokens", usage.cacheRead());
        written.putObject("completion_tokens_details").put("reasoning_tokens", usage.reasoning());
        return written;
    }
}
