package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.outcome.AttemptOutcome;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.time.Scheduler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * For a streamed answer the first-byte deadline runs until the first line of content, not the
 * first byte: a provider that holds the connection open with keep-alive comments ({@code :
 * keep-alive}) and blank lines, as DeepSeek does under load, has not started answering. Until
 * content arrives the call is not committed, so it can still fail over. Bedrock and Anthropic may
 * open a 200 with an error event (a throttle, an overload): their first content is their whole
 * first event (Bedrock's first message, Anthropic's first event to its blank line), so that the
 * walk can tell an error from an answer before committing.
 */
final class FirstContentDeadline {

    /** Keep-alive bytes are a few per second; this much of them is content, whatever it looks like. */
    private static final int MAX_PREAMBLE_BYTES = 64 * 1024;

    private FirstContentDeadline() {}

    /**
     * Reads the body until its first line of content or the deadline, whichever comes first.
     *
     * <p>The deadline aborts the response rather than closing it: it runs on the one timer thread
     * every deadline of the JVM shares, and some clients' close drains the body to its end (Apache
     * httpcore5's chunked stream), which would hold up every other deadline for as long.
     *
     * @return the whole body, with what was read put back in front; or, when no content came,
     *     the outcome that makes the call fail over (the response is then aborted)
     */
    static Result await(LlmResponse response, long remainingNanos, Scheduler scheduler, Protocol target) {
        AtomicBoolean expired = new AtomicBoolean();
        Scheduler.Cancellable deadline = scheduler.schedule(Math.max(0, remainingNanos), () -> {
            expired.set(true);
            response.abort();
        });
        InputStream body = response.body();
        ByteArrayOutputStream preamble = new ByteArrayOutputStream();
        OpeningScanner scanner = switch (target) {
            case BEDROCK, BEDROCK_ANTHROPIC -> new FirstMessageScanner();
            case ANTHROPIC -> new FirstEventScanner();
            default -> new ContentScanner();
        };
        byte[] buffer = new byte[4096];
        try {
            while (true) {
                int n = body.read(buffer);
                if (n < 0 && scanner.endedInContent() && !expired.get()) {
                    deadline.cancel();
                    return delivered(preamble, body);
                }
                if (n < 0) {
                    deadline.cancel();
                    response.abort();
                    return Result.failed(expired.get() ? AttemptOutcome.TIMEOUT : AttemptOutcome.CONNECT_FAILURE,
                            new IOException("the stream ended before its first event"));
                }
                preamble.write(buffer, 0, n);
                if (scanner.foundContent(buffer, n) || preamble.size() >= MAX_PREAMBLE_BYTES) {
                    deadline.cancel();
                    if (expired.get()) {
                        // The deadline closed the response as the content arrived: too late to use.
                        return Result.failed(AttemptOutcome.TIMEOUT, new IOException("first event after the deadline"));
                    }
                    return delivered(preamble, body);
                }
            }
        } catch (IOException broken) {
            deadline.cancel();
            response.abort();
            return Result.failed(expired.get() ? AttemptOutcome.TIMEOUT : AttemptOutcome.CONNECT_FAILURE, broken);
        }
    }

    /** The whole body, what was read to find its first content put back in front. */
    private static Result delivered(ByteArrayOutputStream preamble, InputStream body) {
        byte[] opening = preamble.toByteArray();
        return Result.content(new SequenceInputStream(new ByteArrayInputStream(opening), body), opening);
    }

    /** Tells, read by read, when a stream's opening bytes hold its first content. */
    interface OpeningScanner {
        boolean foundContent(byte[] bytes, int length);

        /** At the body's end: whether what came is content all the same (an event without its blank line, an HTML page). */
        default boolean endedInContent() {
            return false;
        }
    }

    /** Finds the first line that is neither blank nor an SSE comment, across reads. */
    static final class ContentScanner implements OpeningScanner {
        private boolean atLineStart = true;
        private boolean inComment;

        @Override
        public boolean foundContent(byte[] bytes, int length) {
            for (int i = 0; i < length; i++) {
                byte b = bytes[i];
                if (b == '\n' || b == '\r') {
                    atLineStart = true;
                    inComment = false;
                } else if (atLineStart) {
                    if (b != ':' && b != ' ' && b != '\t') {
                        return true;
                    }
                    inComment = b == ':';
                    atLineStart = !inComment && atLineStart;
                } else if (!inComment) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Finds the blank line that ends the first server-sent event of content, comments and blank lines before it skipped. */
    static final class FirstEventScanner implements OpeningScanner {
        private boolean sawContent;
        private int lineLength;
        private boolean afterCarriageReturn;

        @Override
        public boolean foundContent(byte[] bytes, int length) {
            for (int i = 0; i < length; i++) {
                byte b = bytes[i];
                boolean secondHalfOfCrLf = afterCarriageReturn && b == '\n';
                afterCarriageReturn = b == '\r';
                if (secondHalfOfCrLf) {
                    continue;
                }
                if (b == '\n' || b == '\r') {
                    if (lineLength == 0 && sawContent) {
                        return true;
                    }
                    lineLength = 0;
                } else {
                    sawContent |= lineLength == 0 && b != ':' && b != ' ' && b != '\t';
                    lineLength++;
                }
            }
            return false;
        }

        @Override
        public boolean endedInContent() {
            return sawContent;
        }
    }

    /** Finds the end of an event stream's first message, whose length its first four bytes give. */
    static final class FirstMessageScanner implements OpeningScanner {
        private long length;
        private int lengthBytes;
        private long seen;

        @Override
        public boolean foundContent(byte[] bytes, int count) {
            for (int i = 0; i < count && lengthBytes < 4; i++, lengthBytes++) {
                length = (length << 8) | (bytes[i] & 0xff);
            }
            seen += count;
            return lengthBytes == 4 && seen >= length;
        }

        /**
         * A body that ended before a whole first message (an HTML page, SSE text, a message cut
         * short) is still what the provider answered: the app's client reads it as without the agent.
         */
        @Override
        public boolean endedInContent() {
            return seen > 0;
        }
    }

    /**
     * Either the body to deliver, with the opening bytes read to find its first content, or why
     * there is nothing to deliver.
     */
    record Result(InputStream body, byte[] opening, AttemptOutcome failure, IOException error) {
        static Result content(InputStream body, byte[] opening) {
            return new Result(body, opening, null, null);
        }

        static Result failed(AttemptOutcome failure, IOException error) {
            return new Result(null, null, failure, error);
        }
    }
}
