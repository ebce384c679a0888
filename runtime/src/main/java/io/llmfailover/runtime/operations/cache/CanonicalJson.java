package io.llmfailover.runtime.operations.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A JSON document written one way only: object keys sorted, no whitespace. Two bodies that differ
 * only in field order or spacing are written the same.
 */
final class CanonicalJson {

    private CanonicalJson() {}

    static String of(JsonNode node) {
        return Json.write(sorted(node));
    }

    private static JsonNode sorted(JsonNode node) {
        if (node.isObject()) {
            List<String> names = new ArrayList<>();
            Iterator<String> fields = node.fieldNames();
            fields.forEachRemaining(names::add);
            names.sort(null);
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            for (String name : names) {
                copy.set(name, sorted(node.get(name)));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(element -> copy.add(sorted(element)));
            return copy;
        }
        return node;
    }
}
