package io.llmfailover.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Reads a {@code multipart/form-data} body as it streams in, keeping of each part only its name,
 * filename, length and CRC-32: a 200 MB upload is checked without being held in memory.
 */
final class MultipartParts {

    /** One part as received. */
    record Part(String name, String filename, long bytes, long crc32) {}

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?", Pattern.CASE_INSENSITIVE);
    private static final Pattern NAME = Pattern.compile("[; ]name=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    private static final Pattern FILENAME = Pattern.compile("filename=\"([^\"]*)\"", Pattern.CASE_INSENSITIVE);
    private static final byte[] HEADERS_END = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private final Input in;
    private final byte[] firstDelimiter;
    private final byte[] delimiter;

    private MultipartParts(InputStream body, String boundary) {
        this.in = new Input(body);
        this.firstDelimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.US_ASCII);
    }

    /** The boundary a {@code Content-Type} header names, or null when it is not multipart. */
    static String boundaryOf(String contentType) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            return null;
        }
        Matcher m = BOUNDARY.matcher(contentType);
        return m.find() ? m.group(1) : null;
    }

    /**
     * Every part of the body, read to its end.
     *
     * @throws IOException the body broke off, or is not the multipart body its boundary says
     */
    static List<Part> read(InputStream body, String boundary) throws IOException {
        return new MultipartParts(body, boundary).parts();
    }

    private List<Part> parts() throws IOException {
        List<Part> parts = new ArrayList<>();
        if (!in.skipPast(firstDelimiter, Sink.DISCARD)) {
            throw new IOException("no " + new String(firstDelimiter, StandardCharsets.US_ASCII) + " line in the body");
        }
        while (true) {
            byte[] next = in.peek(2);
            if (next.length == 2 && next[0] == '-' && next[1] == '-') {
                in.drain();
                return parts;
            }
            ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
            if (!in.skipPast(HEADERS_END, headerBytes::write)) {
                throw new IOException("a part's headers never end");
            }
            String headers = headerBytes.toString(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            long[] length = {0};
            if (!in.skipPast(delimiter, (bytes, offset, count) -> {
                crc.update(bytes, offset, count);
                length[0] += count;
            })) {
                throw new IOException("the body ended inside part " + headers.strip() + ", after " + length[0]
                        + " bytes");
            }
            parts.add(new Part(group(NAME, headers), group(FILENAME, headers), length[0], crc.getValue()));
        }
    }

    private static String group(Pattern pattern, String headers) {
        Matcher m = pattern.matcher(headers);
        return m.find() ? m.group(1) : null;
    }

    @FunctionalInterface
    private interface Sink {
        Sink DISCARD = (bytes, offset, count) -> {};

        void write(byte[] bytes, int offset, int count);
    }

    /** A window onto the body, refilled as it is consumed; never more than one window in memory. */
    private static final class Input {
        private final InputStream body;
        private final byte[] window = new byte[256 * 1024];
        private int start;
        private int end;
        private boolean eof;

        Input(InputStream body) {
            this.body = body;
        }

        /** The next bytes without consuming them: fewer than asked only at the end of the body. */
        byte[] peek(int count) throws IOException {
            while (end - start < count && fill()) {
                // filling
            }
            byte[] next = new byte[Math.min(count, end - start)];
            System.arraycopy(window, start, next, 0, next.length);
            return next;
        }

        /**
         * Hands {@code sink} every byte up to the next {@code marker}, and consumes the marker.
         *
         * @return false when the body ended first (everything was handed to the sink)
         */
        boolean skipPast(byte[] marker, Sink sink) throws IOException {
            while (true) {
                int found = indexOf(marker);
                if (found >= 0) {
                    sink.write(window, start, found - start);
                    start = found + marker.length;
                    return true;
                }
                // A marker that starts in the last marker.length - 1 bytes needs more bytes to be seen.
                int safe = Math.max(start, end - Math.max(0, marker.length - 1));
                sink.write(window, start, safe - start);
                start = safe;
                if (!fill()) {
                    sink.write(window, start, end - start);
                    start = end;
                    return false;
                }
            }
        }

        void drain() throws IOException {
            start = end;
            while (fill()) {
                start = end;
            }
        }

        private int indexOf(byte[] marker) {
            byte first = marker[0];
            for (int i = start, last = end - marker.length; i <= last; i++) {
                if (window[i] != first) {
                    continue;
                }
                int j = 1;
                while (j < marker.length && window[i + j] == marker[j]) {
                    j++;
                }
                if (j == marker.length) {
                    return i;
                }
            }
            return -1;
        }

        /** Reads more of the body into the window; false at its end. */
        private boolean fill() throws IOException {
            if (eof) {
                return false;
            }
            if (start > 0) {
                System.arraycopy(window, start, window, 0, end - start);
                end -= start;
                start = 0;
            }
            int n = body.read(window, end, window.length - end);
            if (n < 0) {
                eof = true;
                return false;
            }
            end += n;
            return true;
        }
    }
}
