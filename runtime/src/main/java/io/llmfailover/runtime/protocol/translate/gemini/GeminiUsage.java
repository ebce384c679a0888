package io.llmfailover.runtime.protocol.translate.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.model.Usage;

/**
 * Gemini's usage metadata: {@code promptTokenCount} includes cached content, and
 * {@code candidatesTokenCount} leaves out thoughts, which the neutral output count includes.
 */
final class GeminiUsage {

    private GeminiUsage() {}

    static Usage read(JsonNode metadata) {
        long thoughts = Json.count(metadata, "thoughtsTokenCount");
        return new Usage(Json.count(metadata, "promptTokenCount"), Json.count(metadata, "cachedContentTokenCount"), 0,
                Json.count(metadata, "candidatesTokenCount") + thoughts, thoughts);
    }

    static ObjectNode write(Usage usage) {
        ObjectNode metadata = Json.object()
                .put("promptTokenCount", usage.input())
                .put("candidatesTokenCount", usage.output() - usage.reasoning())
                .put("totalTokenCount", usage.total());
        if (usage.cacheRead() > 0) {
            metadata.put("cachedContentTokenCount", usage.cacheRead());
        }
        if (usage.reasoning() > 0) {
            metadata.put("thoughtsTokenCount", usage.reasoning());
        }
        return metadata;
    }
}
