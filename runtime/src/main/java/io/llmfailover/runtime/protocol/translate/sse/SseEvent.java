package io.llmfailover.runtime.protocol.translate.sse;

/**
 * One server-sent event.
 *
 * @param event the {@code event:} name, or null when the event had none
 * @param data the {@code data:} lines joined with '\n'
 */
public record SseEvent(String event, String data) {

    @Override
    public String toString() {
        // Never the data: it carries completions.
        return "SseEvent[" + event + ", " + data.length() + " chars]";
    }
}
