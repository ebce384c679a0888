package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.Json;
import java.util.List;

/**
 * The Responses API fields that lean on state kept by the provider that served the earlier calls:
 * such a call means something only to that provider, whatever protocol another one speaks.
 */
public final class ResponsesState {

    /** Fields whose mere presence refers to stored state: a response, a conversation, a stored prompt. */
    private static final List<String> REFERENCES = List.of("previous_response_id", "conversation", "prompt");

    private ResponsesState() {}

    /** Why {@code body} depends on its provider's state, fit for a skip reason; null when it does not. */
    public static String dependency(JsonNode body) {
        for (String field : REFERENCES) {
            if (Json.field(body, field) != null) {
                return field + " refers to state kept by the provider addressed: not failed over to another one";
            }
        }
        if (body.path("background").asBoolean(false)) {
            return "background: true runs on the provider addressed, which is asked for the result later: "
                    + "not failed over to another one";
        }
        if (body.path("store").asBoolean(false)) {
            return "store: true asks the provider addressed to keep the response: not failed over to another one";
        }
        return null;
    }
}
