package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.time.ManualScheduler;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A 200 SSE response that sends its bytes, then stalls: the stall moves the virtual time on by
 * {@code stall} (firing any deadline), and a closed response fails the blocked read, as a socket does.
 * It may also wait before its first byte ({@link #firstBytesAfter}), the same way.
 */
class StallingResponse implements LlmResponse {

    private final byte[] bytes;
    private final ManualScheduler scheduler;
    private final Duration stall;
    private Duration beforeFirstByte = Duration.ZERO;
    private boolean closed;
    private int position;

    StallingResponse(String sent, ManualScheduler scheduler, Duration stall) {
        this.bytes = sent.getBytes(StandardCharsets.UTF_8);
        this.scheduler = scheduler;
        this.stall = stall;
    }

    /** Sends {@code sent} {@code delay} after it is first read, then ends. */
    static StallingResponse firstBytesAfter(Duration delay, String sent, ManualScheduler scheduler) {
        StallingResponse response = new StallingResponse(sent, scheduler, Duration.ZERO);
        response.beforeFirstByte = delay;
        return response;
    }

    @Override
    public int status() {
        return 200;
    }

    @Override
    public HttpHeaders headers() {
        return HttpHeaders.builder().add("content-type", "text/event-stream").build();
    }

    @Override
    public InputStream body() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                if (position == 0 && !beforeFirstByte.isZero()) {
                    scheduler.advance(beforeFirstByte);
                    beforeFirstByte = Duration.ZERO;
                }
                if (closed) {
                    throw new IOException("closed");
                }
                if (position < bytes.length) {
                    int count = Math.min(length, bytes.length - position);
                    System.arraycopy(bytes, position, into, offset, count);
                    position += count;
                    return count;
                }
                scheduler.advance(stall);
                if (closed) {
                    throw new IOException("Socket closed");
                }
                return -1;
            }
        };
    }

    boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }
}
