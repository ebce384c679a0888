package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.ReportedStreamBreak;
import io.llmfailover.runtime.protocol.translate.StreamErrorFrames;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamDecoder;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import io.llmfailover.runtime.provider.Protocol;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A streamed answer after the call was committed to its provider. If the upstream breaks, the app
 * gets an error event in its own protocol right after the last complete event, which its SDK
 * raises as an error, and then the break itself, for clients that read SSE without looking for
 * error events: never half an event, never content twice, never a hang. Events are handed on
 * whole, which costs nothing since an SSE parser acts only at an event's closing blank line. A
 * Bedrock caller's stream is an AWS event stream, whose messages end where their length prefix
 * says rather than at a blank line: each is handed on once whole.
 *
 * <p>Linear and bounded: upstream bytes are read once into one buffer, scanned once for event
 * ends and handed out from there; an unfinished event larger than {@link #MAX_EVENT_BYTES} is a
 * broken stream, not a completion.
 *
 * <p>Only the provider's failure is a break (a reset, a stream cut short): when the app gave up
 * (closed the body, cancelled the call, was interrupted, its own read timeout expired) the read
 * gets the app's own failure, nothing is resumed and no error event is made up.
 */
final class CommittedStream extends InputStream {

    /** The same bound the translating path puts on one event. */
    static final int MAX_EVENT_BYTES = SseReader.DEFAULT_MAX_EVENT_BYTES;

    private static final String BROKEN = "the provider's stream broke off before it was complete";
    private static final int CHUNK = 8192;

    private InputStream upstream;
    private final Protocol caller;
    /** What the app was handed, told as events are made ready; null when a break is not resumed. */
    private final StreamTranscript transcript;
    /** Asks the chain's next provider to finish the stream once it broke; null once asked, or never. */
    private StreamResumption resumption;
    private final int maxEventBytes;
    /** Told of a break that reaches the app (one that is resumed is not). */
    private Consumer<IOException> breakListener = cause -> {};
    /** Bytes from the upstream: [start, readyEnd) are complete events not yet read, [readyEnd, length) an unfinished one. */
    private byte[] buffer = new byte[CHUNK];
    private int start;
    private int readyEnd;
    private int length;
    /** Where the search for event ends resumes: bytes before it were looked at already. */
    private int scanned;
    /** Handed out after the buffer once the stream ended: the error event of a break. */
    private byte[] trailer = new byte[0];
    private int trailerPosition;
    private boolean ended;
    /** The upstream's break, raised once the error event was read. */
    private IOException broken;
    /** The app's own failure (it cancelled, was interrupted, its own timeout): raised as it is, with no error event. */
    private IOException appsOwn;
    /** Set first thing by {@link #close}, from any thread: a read it cut short is the app's doing, not a break. */
    private volatile boolean closed;
    /** Bytes moved inside memory (growing or compacting the buffer): linear in the stream, never per read. */
    private long bytesMoved;

    CommittedStream(InputStream upstream, Protocol caller) {
        this(upstream, caller, MAX_EVENT_BYTES);
    }

    CommittedStream(InputStream upstream, Protocol caller, int maxEventBytes) {
        this(upstream, caller, maxEventBytes, null, null);
    }

    /** A stream whose break is finished by {@code resumption} when {@code transcript} says it may be. */
    CommittedStream(InputStream upstream, Protocol caller, StreamTranscript transcript, StreamResumption resumption) {
        this(upstream, caller, MAX_EVENT_BYTES, transcript, resumption);
    }

    private CommittedStream(InputStream upstream, Protocol caller, int maxEventBytes, StreamTranscript transcript,
            StreamResumption resumption) {
        this.upstream = upstream;
        this.caller = caller;
        this.maxEventBytes = maxEventBytes;
        this.transcript = transcript;
        this.resumption = resumption;
    }

    /** Tells {@code listener} of a break that reaches the app, once: the operator's view of it. */
    CommittedStream reportingBreaksTo(Consumer<IOException> listener) {
        this.breakListener = listener;
        return this;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int count) throws IOException {
        if (count == 0) {
            return 0;
        }
        while (start == readyEnd) {
            if (ended) {
                return readTrailer(into, offset, count);
            }
            fill();
        }
        int n = Math.min(count, readyEnd - start);
        System.arraycopy(buffer, start, into, offset, n);
        start += n;
        return n;
    }

    private int readTrailer(byte[] into, int offset, int count) throws IOException {
        if (trailerPosition == trailer.length) {
            if (appsOwn != null) {
                throw appsOwn;
            }
            if (broken != null) {
                throw new ReportedStreamBreak(BROKEN, broken);
            }
            return -1;
        }
        int n = Math.min(count, trailer.length - trailerPosition);
        System.arraycopy(trailer, trailerPosition, into, offset, n);
        trailerPosition += n;
        return n;
    }

    private void fill() {
        makeRoom();
        int n;
        try {
            // Never more than one byte past the cap: an oversized event is not read any further.
            int room = Math.min(buffer.length - length, readyEnd + maxEventBytes + 1 - length);
            n = upstream.read(buffer, length, room);
        } catch (IOException upstreamBroke) {
            if (closed || Cancellation.endsBodyForTheApp(upstreamBroke)) {
                endAsTheAppAsked(upstreamBroke);
            } else if (!resumed()) {
                breakOff(upstreamBroke);
            }
            return;
        }
        if (n < 0) {
            // The last bytes go out as they are, even without a closing blank line.
            readyEnd = length;
            ended = true;
            return;
        }
        length += n;
        int wasReady = readyEnd;
        readyEnd = caller.onBedrock() ? EventStreamDecoder.lastMessageEnd(buffer, readyEnd, length)
                : lastEventEnd(buffer, readyEnd, scanned, length);
        if (transcript != null) {
            transcript.accept(buffer, wasReady, readyEnd);
        }
        scanned = length;
        if (length - readyEnd > maxEventBytes) {
            breakOff(new IOException("a server-sent event larger than " + maxEventBytes + " bytes"));
        }
    }

    /**
     * The upstream broke: when the stream is resumable, the chain's next provider is asked to finish
     * it and its continuation becomes the upstream, the unfinished event dropped. False leaves the
     * break to {@link #breakOff}.
     */
    private boolean resumed() {
        StreamResumption asked = resumption;
        resumption = null;
        if (asked == null || !transcript.resumable()) {
            return false;
        }
        InputStream continuation = asked.continueAfter(transcript);
        if (continuation == null) {
            return false;
        }
        length = readyEnd;
        scanned = readyEnd;
        InputStream broke = upstream;
        upstream = continuation;
        try {
            broke.close();
        } catch (IOException alreadyBroken) {
            // its connection is gone either way
        }
        return true;
    }

    /**
     * The app gave up on the stream (closed it, cancelled its call, was interrupted, its own timeout
     * expired): nothing is resumed or reported as the provider's break, no error event is made up,
     * and the read gets the app's own failure, as without the agent.
     */
    private void endAsTheAppAsked(IOException cause) {
        length = readyEnd;
        resumption = null;
        appsOwn = cause instanceof CallAbandonedException abandoned ? abandoned.appFailure() : cause;
        ended = true;
    }

    /** Drops the unfinished event; the complete ones still go out, then the error event, then the break. */
    private void breakOff(IOException cause) {
        length = readyEnd;
        trailer = StreamErrorFrames.of(caller, BROKEN);
        broken = cause;
        ended = true;
        breakListener.accept(cause);
    }

    /** Moves the unfinished event to the front once everything before it was read, and grows when full. */
    private void makeRoom() {
        if (start == readyEnd && start > 0) {
            int unfinished = length - readyEnd;
            System.arraycopy(buffer, readyEnd, buffer, 0, unfinished);
            bytesMoved += unfinished;
            scanned -= readyEnd;
            start = 0;
            readyEnd = 0;
            length = unfinished;
        }
        if (length == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
            bytesMoved += length;
        }
    }

    /**
     * Just past the last blank line ({@code \n\n}, {@code \r\n\r\n} or {@code \r\r}) ending in
     * {@code bytes[from, to)}, looking back no further than {@code floor}; {@code floor} when none.
     */
    static int lastEventEnd(byte[] bytes, int floor, int from, int to) {
        for (int i = to - 1; i >= Math.max(from, floor + 1); i--) {
            byte b = bytes[i];
            byte before = bytes[i - 1];
            if ((b == '\n' && before == '\n') || (b == '\r' && before == '\r')) {
                return i + 1;
            }
            if (b == '\n' && before == '\r' && i - 3 >= floor && bytes[i - 2] == '\n' && bytes[i - 3] == '\r') {
                return i + 1;
            }
        }
        return floor;
    }

    /** Just past the last blank line of {@code bytes}, or 0. */
    static int lastEventEnd(byte[] bytes) {
        return lastEventEnd(bytes, 0, 0, bytes.length);
    }

    /** For tests: bytes copied within memory so far, a measure that must grow linearly with the stream. */
    long bytesMoved() {
        return bytesMoved;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        ended = true;
        broken = null;
        appsOwn = null;
        start = readyEnd;
        trailerPosition = trailer.length;
        upstream.close();
    }
}
