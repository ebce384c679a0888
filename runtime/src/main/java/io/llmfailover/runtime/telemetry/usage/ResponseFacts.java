package io.llmfailover.runtime.telemetry.usage;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a response told about itself, gathered as the app reads it: the model that answered, token
 * usage, why generation stopped. One instance per call, fed from one reading thread. A JSON body is
 * parsed when the facts are first asked for, which for telemetry is on its own thread, not the
 * app's.
 */
public final class ResponseFacts {

    private Runnable unread;

    private String model;
    private String id;
    private Long inputTokens;
    private Long outputTokens;
    private final Set<String> finishReasons = new LinkedHashSet<>();
    private String outputContent;

    void model(String value) {
        if (model == null && value != null && !value.isEmpty()) {
            model = value;
        }
    }

    void id(String value) {
        if (id == null && value != null && !value.isEmpty()) {
            id = value;
        }
    }

    /** Streams repeat usage as running totals: the last one seen wins. */
    void inputTokens(long value) {
        inputTokens = value;
    }

    void outputTokens(long value) {
        outputTokens = value;
    }

    void finishReason(String value) {
        if (value != null && !value.isEmpty() && finishReasons.size() < 16) {
            finishReasons.add(value);
        }
    }

    void outputContent(String json) {
        outputContent = json;
    }

    /** The facts are in a document read when first asked for. */
    void readLater(Runnable read) {
        unread = read;
    }

    private void settle() {
        Runnable read = unread;
        if (read != null) {
            unread = null;
            read.run();
        }
    }

    public String model() {
        settle();
        return model;
    }

    public String id() {
        settle();
        return id;
    }

    public Long inputTokens() {
        settle();
        return inputTokens;
    }

    public Long outputTokens() {
        settle();
        return outputTokens;
    }

    public List<String> finishReasons() {
        settle();
        return List.copyOf(finishReasons);
    }

    /** The completion as JSON text, only gathered when content capture is on; null otherwise. */
    public String outputContent() {
        settle();
        return outputContent;
    }
}
