package io.llmfailover.e2e;

import com.fasterxml.jackson.databind.JsonNode;

/** A message's content as text, whichever shape a protocol gives it: a plain string, or blocks whose text is joined. */
final class ContentText {

    private ContentText() {}

    static String of(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        StringBuilder text = new StringBuilder();
        content.forEach(block -> text.append(block.path("text").asText("")));
        return text.toString();
    }
}
