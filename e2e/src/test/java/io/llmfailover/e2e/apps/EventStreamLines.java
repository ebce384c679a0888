package io.llmfailover.e2e.apps;

import java.nio.charset.StandardCharsets;

/**
 * An OpenAI event stream read as its bytes arrive, line by line, for the apps whose client hands
 * the body over in pieces (Vert.x): each content delta is reported the moment its line is complete.
 */
final class EventStreamLines {

    private final int number;
    private final StringBuilder line = new StringBuilder();
    private final StringBuilder content = new StringBuilder();
    private final StringBuilder raw = new StringBuilder();
    private int index;
    private boolean done;
    private String error;

    EventStreamLines(int number) {
        this.number = number;
    }

    /** Feeds the next bytes; UTF-8 sequences split across pieces are not expected in the stubs' ASCII streams. */
    void feed(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        raw.append(text);
        for (int i = 0; i < text.length(); i++) {
            char next = text.charAt(i);
            if (next == '\n') {
                onLine(line.toString());
                line.setLength(0);
            } else if (next != '\r') {
                line.append(next);
            }
        }
    }

    /**
     * Feeds one whole line without its line break, as Micronaut hands an SSE client each piece of
     * the stream: a piece that holds a line break is not what such an app can read, and is its error.
     */
    void line(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        raw.append(text).append('\n');
        if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            error = error != null ? error : "a piece of the stream holds more than one line: " + text;
        } else {
            onLine(text);
        }
    }

    /** Feeds one event's data, as an event stream reader hands it over. */
    void event(byte[] data) {
        line(("data: " + new String(data, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
    }

    private void onLine(String text) {
        if (done || error != null || !text.startsWith("data:")) {
            return;
        }
        String data = text.substring("data:".length()).trim();
        if (data.equals("[DONE]")) {
            done = true;
        } else if (data.startsWith("{\"error\"")) {
            error = data;
        } else {
            String delta = ContentField.in(data);
            if (delta != null) {
                Report.chunk(number, index++, delta);
                content.append(delta);
            }
        }
    }

    /** The error event's data, or null when the stream carried none. */
    String error() {
        return error;
    }

    String content() {
        return content.toString();
    }

    /** Everything received, for an error status's body. */
    String raw() {
        return raw.toString();
    }
}
