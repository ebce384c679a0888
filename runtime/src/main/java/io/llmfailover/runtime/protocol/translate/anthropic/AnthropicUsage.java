package io.llmfailover.runtime.protocol.translate.anthropic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.Usage;

/**
 * Anthropic's usage: {@code input_tokens} leaves out cache reads and writes, so the neutral input is
 * their sum; written back, the cache counts are subtracted again.
 */
final class AnthropicUsage {

    private AnthropicUsage() {}

    static Usage read(JsonNode usage) {
        long uncached = Json.count(usage, "input_tokens");
        long cacheRead = Json.count(usage, "cache_read_input_tokens");
        long cacheWrite = Json.count(usage, "cache_creation_input_tokens");
        return new Usage(uncached + cacheRead + cacheWrite, cacheRead, cacheWrite, Json.count(usage, "output_tokens"), 0);
    }

    static ObjectNode write(Usage usage) {
        return Json.object()
                .put("input_tokens", usage.uncachedInput())
                .put("cache_creation_input_tokens", usage.cacheWrite())
                .put("cache_read_input_tokens", usage.cacheRead())
                .put("output_tokens", usage.output());
    }
}
