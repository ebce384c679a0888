package io.llmfailover.runtime.protocol.translate.bedrock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.Usage;

/**
 * Converse's usage: like Anthropic's, {@code inputTokens} leaves out cache reads and writes, so the
 * neutral input is their sum; written back, the cache counts are subtracted again.
 */
final class BedrockUsage {

    private BedrockUsage() {}

    static Usage read(JsonNode usage) {
        long cacheRead = Json.count(usage, "cacheReadInputTokens");
        long cacheWrite = Json.count(usage, "cacheWriteInputTokens");
        return new Usage(Json.count(usage, "inputTokens") + cacheRead + cacheWrite, cacheRead, cacheWrite,
                Json.count(usage, "outputTokens"), 0);
    }

    static ObjectNode write(Usage usage) {
        ObjectNode written = Json.object()
                .put("inputTokens", usage.uncachedInput())
                .put("outputTokens", usage.output())
                .put("totalTokens", usage.total());
        if (usage.cacheRead() > 0) {
            written.put("cacheReadInputTokens", usage.cacheRead());
        }
        if (usage.cacheWrite() > 0) {
            written.put("cacheWriteInputTokens", usage.cacheWrite());
        }
        return written;
    }
}
