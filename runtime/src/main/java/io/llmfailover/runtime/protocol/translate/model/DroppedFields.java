package io.llmfailover.runtime.protocol.translate.model;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The request fields a translation could not carry to the target, so telemetry can mark the span. */
public final class DroppedFields {

    private final Set<String> names = new LinkedHashSet<>();

    public void add(String field) {
        names.add(field);
    }

    public List<String> list() {
        return List.copyOf(new ArrayList<>(names));
    }
}
