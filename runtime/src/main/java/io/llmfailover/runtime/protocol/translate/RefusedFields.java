package io.llmfailover.runtime.protocol.translate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/** Top-level fields of an app's request that no other vendor can honour: one set, and the call is not failed over. */
public final class RefusedFields {

    private RefusedFields() {}

    /** @throws UntranslatableRequestException naming the first of {@code refused} that {@code body} sets */
    public static void check(JsonNode body, Set<String> refused) throws UntranslatableRequestException {
        for (String field : refused) {
            if (Json.field(body, field) != null) {
                throw new UntranslatableRequestException(field + " has no equivalent at another vendor");
            }
        }
    }
}
