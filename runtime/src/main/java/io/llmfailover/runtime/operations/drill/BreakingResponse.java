package io.llmfailover.runtime.operations.drill;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * A success whose body breaks as a reset connection would: an event stream after its first event,
 * any other body halfway through what its first read brought. An error status passes untouched.
 */
final class BreakingResponse implements LlmResponse {

    private final LlmResponse response;
    private final InputStream body;

    private BreakingResponse(LlmResponse response, String reset) {
        this.response = response;
        boolean events = response.headers().first("content-type").orElse("")
                .toLowerCase(Locale.ROOT).startsWith("text/event-stream");
        this.body = new BreakingBody(response.body(), events, reset);
    }

    static LlmResponse around(LlmResponse response, String reset) {
        return response.status() >= 300 ? response : new BreakingResponse(response, reset);
    }

    @Override
    public int status() {
        return response.status();
    }

    @Override
    public HttpHeaders headers() {
        return response.headers();
    }

    @Override
    public InputStream body() {
        return body;
    }

    @Override
    public void abort() {
        response.abort();
    }

    @Override
    public void close() {
        response.close();
    }

    /** Lets bytes through up to the break, then fails every read. */
    private static final class BreakingBody extends FilterInputStream {
        private final boolean events;
        private final String reset;
        private boolean broken;
        private int lastByte = -1;

        BreakingBody(InputStream in, boolean events, String reset) {
            super(in);
            this.events = events;
            this.reset = reset;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int read = read(one, 0, 1);
            return read < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (broken) {
                throw new IOException(reset);
            }
            int read = super.read(buffer, offset, length);
            if (read <= 0) {
                return read;
            }
            int upTo = events ? afterFirstEvent(buffer, offset, read) : Math.max(1, read / 2);
            if (upTo < 0) {
                return read;
            }
            broken = true;
            return upTo;
        }

        /** How many of the bytes read end with the first blank line, or -1 when none does. */
        private int afterFirstEvent(byte[] buffer, int offset, int read) {
            for (int i = 0; i < read; i++) {
                byte b = buffer[offset + i];
                if (b == '\n' && lastByte == '\n') {
                    return i + 1;
                }
                if (b != '\r') {
                    lastByte = b;
                }
            }
            return -1;
        }
    }
}
