package io.llmfailover.runtime.protocol.translate.model;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * One piece of a turn's content, in a form every protocol can be written from. No {@code toString}
 * shows prompt or completion text.
 */
public sealed interface Part {

    record Text(String text) implements Part {

        @Override
        public String toString() {
            return "Text[" + text.length() + " chars]";
        }
    }

    /**
     * An image or document: either inline ({@code base64Data} with its media type) or by reference
     * ({@code url}, media type possibly guessed).
     */
    record Media(String mediaType, String base64Data, String url) implements Part {

        public boolean inline() {
            return base64Data != null;
        }

        @Override
        public String toString() {
            return "Media[" + mediaType + (inline() ? ", inline" : ", url") + "]";
        }
    }

    /** A call the assistant made; {@code arguments} is always a JSON object. */
    record ToolCall(String id, String name, ObjectNode arguments) implements Part {

        @Override
        public String toString() {
            return "ToolCall[" + id + ", " + name + "]";
        }
    }

    /**
     * The app's answer to a tool call. {@code name} is recovered from the call when the source
     * protocol does not carry it (Gemini needs it).
     */
    record ToolResult(String callId, String name, List<Part> content, boolean isError) implements Part {

        @Override
        public String toString() {
            return "ToolResult[" + callId + ", " + name + ", " + content + (isError ? ", error" : "") + "]";
        }
    }
}
