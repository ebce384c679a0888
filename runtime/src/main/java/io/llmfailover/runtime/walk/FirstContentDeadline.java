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
 * content arrives the call is not committed, so it can still fail over. A Bedrock stream has no
 * keep-alives but may open with an exception: its first content is its whole first message, so
 * that the walk can tell one from the other before committing.
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
        OpeningScanner scanner = target == Protocol.BEDROCK ? new FirstMessageScanner() : new ContentScanner();
        byte[] buffer = new byte[4096];
        try {
            while (true) {
                int n = body.read(buffer);
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
                    byte[] opening = preamble.toByteArray();
                    return Result.content(new SequenceInputStream(new ByteArrayInputStream(opening), body), opening);
                }
            }
        } catch (IOException broken) {
            deadline.cancel();
            response.abort();
            return Result.failed(expired.get() ? AttemptOutcome.TIMEOUT : AttemptOutcome.CONNECT_FAILURE, broken);
        }
    }

    /** Tells, read by read, when a stream's opening bytes hold its first content. */
    interface OpeningScanner {
        boolean foundContent(byte[] bytes, int length);
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
