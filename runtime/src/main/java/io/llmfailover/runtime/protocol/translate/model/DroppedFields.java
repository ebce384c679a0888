package io.llmfailover.runtime.protocol.translate.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The request fields a translation could not carry to the target, so telemetry can mark the span. */
public final class DroppedFields {

    private final Set<String> names = new LinkedHashSet<>();

    public void add(String field) {
        names.add(field);
    }

    /** Records {@code field} when the app set it ({@code value} is not null): for what a target has no room for. */
    public void addIfSet(Object value, String field) {
        if (value != null) {
            names.add(field);
        }
    }

    /** Records each field of {@code object} that is set (not JSON null) and not among {@code read}, named after {@code prefix}. */
    public void addUnread(JsonNode object, Set<String> read, String prefix) {
        Iterator<String> fields = object.fieldNames();
        while (fields.hasNext()) {
            String name = fields.next();
            JsonNode value = object.get(name);
            if (!read.contains(name) && value != null && !value.isNull()) {
                names.add(prefix + name);
            }
        }
    }

    public List<String> list() {
        return List.copyOf(new ArrayList<>(names));
    }
}
