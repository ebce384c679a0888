package io.llmfailover.runtime.operations.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * Finds what in a request names state kept at the provider: an uploaded file, a context cache, an
 * earlier response or conversation, a container, a stored prompt, or an answer the provider is to
 * keep. The answer to such a request depends on more than the request, and that state belongs to
 * whoever made it: the last-resort cache never keeps nor replays it.
 *
 * <p>{@code store: true} counts as well (and a Responses request that does not say {@code store:
 * false}, since storing is that API's default): the provider keeps that answer under its id for the
 * app to fetch, continue or delete, and a replay would hand back another call's id while nothing is
 * stored for this one.
 */
final class ProviderStateReference {

    /** Top-level fields that name provider-side state whatever their value, when present and not null. */
    private static final Set<String> STATE_FIELDS = Set.of(
            "previous_response_id", "conversation",   // OpenAI Responses
            "cachedContent", "cached_content",        // Gemini context caches (JSON names and proto names)
            "container", "mcp_servers",               // Anthropic code-execution containers, remote MCP servers
            "assistant_id", "thread_id");             // OpenAI Assistants, should such a body come through

    /** Fields, at any depth, whose string value is the id or URI of an uploaded file. */
    private static final Set<String> FILE_REFERENCES = Set.of("file_id", "fileUri", "file_uri");

    /** {@code type} values of content that points at provider-side objects. */
    private static final Set<String> REFERENCE_TYPES = Set.of("item_reference", "image_file", "container_upload");

    private ProviderStateReference() {}

    /** The first field of {@code body} that names provider-side state, or null when there is none. */
    static String in(Operation operation, ObjectNode body) {
        for (String field : STATE_FIELDS) {
            if (present(body.get(field))) {
                return field;
            }
        }
        if (storesTheAnswer(operation, body)) {
            return "store";
        }
        if (body.path("background").asBoolean(false)) {
            return "background";
        }
        JsonNode prompt = body.get("prompt");
        if (prompt != null && prompt.isObject()) {
            return "prompt"; // a stored prompt template, by id (Responses)
        }
        return nested(body);
    }

    private static boolean storesTheAnswer(Operation operation, ObjectNode body) {
        JsonNode store = body.get("store");
        boolean byDefault = operation == Operation.RESPONSES;
        return store == null || store.isNull() ? byDefault : store.asBoolean(byDefault);
    }

    /** A file by id or URI, a stored item, an Anthropic file source, or a vector store, at any depth. */
    private static String nested(JsonNode node) {
        if (node.isArray()) {
            for (JsonNode element : node) {
                String found = nested(element);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (!node.isObject()) {
            return null;
        }
        if (REFERENCE_TYPES.contains(node.path("type").asText(""))) {
            return "type: " + node.get("type").asText();
        }
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (FILE_REFERENCES.contains(name) && value.isTextual()) {
                return name;
            }
            if (name.equals("vector_store_ids") && value.isArray() && !value.isEmpty()) {
                return name;
            }
            if (name.equals("source") && value.path("type").asText("").equals("file")) {
                return "source.type: file";
            }
            String found = nested(value);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static boolean present(JsonNode value) {
        return value != null && !value.isNull();
    }
}
