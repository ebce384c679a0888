package io.llmfailover.runtime.protocol.translate.sse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads server-sent events from a byte stream as they arrive: events may be split across reads or
 * share one, lines may end in {@code \r\n}, {@code \n} or {@code \r}, comment lines are skipped and
 * multi-line data is joined. Memory is bounded by the largest single event.
 */
public final class SseReader {

    /** An event larger than this is a broken stream, not a completion. */
    public static final int DEFAULT_MAX_EVENT_BYTES = 8 * 1024 * 1024;

    private final InputStream in;
    private final int maxEventBytes;
    private final byte[] buffer = new byte[8192];
    private int position;
    private int limit;
    private boolean afterCarriageReturn;
    private boolean eof;

    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private String eventName;
    private StringBuilder data;
    private int eventBytes;

    public SseReader(InputStream in) {
        this(in, DEFAULT_MAX_EVENT_BYTES);
    }

    public SseReader(InputStream in, int maxEventBytes) {
        this.in = in;
        this.maxEventBytes = maxEventBytes;
    }

    /** The next event, or null at the end of the stream. */
    public SseEvent next() throws IOException {
        while (true) {
            String text = nextLine();
            if (text == null) {
                return hasPendingEvent() ? dispatch() : null;
            }
            if (text.isEmpty()) {
                if (hasPendingEvent()) {
                    return dispatch();
                }
                continue;
            }
            accept(text);
        }
    }

    private boolean hasPendingEvent() {
        return data != null;
    }

    private SseEvent dispatch() {
        SseEvent event = new SseEvent(eventName, data.toString());
        eventName = null;
        data = null;
        eventBytes = 0;
        return event;
    }

    private void accept(String text) throws IOException {
        eventBytes += text.length();
        if (eventBytes > maxEventBytes) {
            throw new IOException("server-sent event larger than " + maxEventBytes + " bytes");
        }
        if (text.startsWith(":")) {
            return;
        }
        int colon = text.indexOf(':');
        String field = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "event" -> eventName = value;
            case "data" -> {
                if (data == null) {
                    data = new StringBuilder(value);
                } else {
                    data.append('\n').append(value);
                }
            }
            default -> { /* id, retry and unknown fields carry nothing a translator needs */ }
        }
    }

    /** The next line without its terminator, or null at the end of the stream with nothing pending. */
    private String nextLine() throws IOException {
        line.reset();
        while (true) {
            if (position == limit && !fill()) {
                if (line.size() == 0) {
                    return null;
                }
                return line.toString(StandardCharsets.UTF_8);
            }
            byte b = buffer[position++];
            if (afterCarriageReturn) {
                afterCarriageReturn = false;
                if (b == '\n') {
                    continue;
                }
            }
            if (b == '\r') {
                afterCarriageReturn = true;
                return line.toString(StandardCharsets.UTF_8);
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            if (line.size() >= maxEventBytes) {
                throw new IOException("server-sent event line longer than " + maxEventBytes + " bytes");
            }
            line.write(b);
        }
    }

    private boolean fill() throws IOException {
        if (eof) {
            return false;
        }
        int read = in.read(buffer, 0, buffer.length);
        while (read == 0) {
            read = in.read(buffer, 0, buffer.length);
        }
        if (read < 0) {
            eof = true;
            return false;
        }
        position = 0;
        limit = read;
        return true;
    }
}
