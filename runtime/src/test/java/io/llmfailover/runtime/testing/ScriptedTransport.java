package io.llmfailover.runtime.testing;

import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A transport answering per host:port from a script (the last answer repeats), recording every
 * request. Safe to share between threads: the script and the records are guarded, and each answer
 * runs outside the guard, so an answer may block without holding up other calls.
 */
public final class ScriptedTransport implements Transport {

    public interface Answer {
        LlmResponse answer(LlmRequest request) throws IOException;
    }

    private final Map<String, Deque<Answer>> scripts = new HashMap<>();
    private final Map<String, Answer> lastAnswers = new HashMap<>();
    public final List<LlmRequest> sent = Collections.synchronizedList(new ArrayList<>());

    /** Answers in order; after the last, the last one repeats. */
    public synchronized ScriptedTransport on(String authority, Answer... answers) {
        scripts.computeIfAbsent(authority, a -> new ArrayDeque<>()).addAll(List.of(answers));
        lastAnswers.put(authority, answers[answers.length - 1]);
        return this;
    }

    /** Every attempt as the runtime handed it over, with its flags and deadline. */
    public final List<AttemptRequest> attempts = Collections.synchronizedList(new ArrayList<>());

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        LlmRequest request = attempt.request();
        String authority = request.uri().getAuthority();
        Answer answer = recordAndTakeAnswer(attempt, authority);
        if (answer == null) {
            throw new ConnectException("nothing listens on " + authority);
        }
        return answer.answer(request);
    }

    private synchronized Answer recordAndTakeAnswer(AttemptRequest attempt, String authority) {
        attempts.add(attempt);
        sent.add(attempt.request());
        Deque<Answer> queue = scripts.get(authority);
        return queue != null && !queue.isEmpty() ? queue.poll() : lastAnswers.get(authority);
    }

    public static Answer status(int status, String body, String... headerPairs) {
        return request -> response(status, body, headerPairs);
    }

    /** Everything a reader gets from a stream, and the exception that ended it, if one did. */
    public record Drained(String text, IOException end) {}

    public static Drained drain(InputStream stream) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        try {
            int n;
            while ((n = stream.read(buffer)) >= 0) {
                bytes.write(buffer, 0, n);
            }
            return new Drained(bytes.toString(StandardCharsets.UTF_8), null);
        } catch (IOException end) {
            return new Drained(bytes.toString(StandardCharsets.UTF_8), end);
        }
    }

    public long sentTo(String authority) {
        synchronized (sent) {
            return sent.stream().filter(request -> request.uri().getAuthority().equals(authority)).count();
        }
    }

    public static Answer ok(String body) {
        return json(body);
    }

    public static Answer refuse() {
        return request -> {
            throw new ConnectException("Connection refused");
        };
    }

    public static Answer json(String body) {
        return status(200, body, "content-type", "application/json");
    }

    public static Answer sse(String body) {
        return status(200, body, "content-type", "text/event-stream");
    }

    /** A streamed answer whose connection breaks after the given bytes. */
    public static Answer brokenStream(String firstBytes) {
        return brokenStream(firstBytes, () -> new IOException("stream reset by peer"));
    }

    /** A streamed answer whose next read after the given bytes fails with {@code failure}. */
    public static Answer brokenStream(String firstBytes, Supplier<IOException> failure) {
        HttpHeaders headers = HttpHeaders.builder().add("content-type", "text/event-stream").build();
        return request -> new LlmResponse() {
            private final InputStream body = new BreakingStream(firstBytes.getBytes(StandardCharsets.UTF_8), failure);

            @Override
            public int status() {
                return 200;
            }

            @Override
            public HttpHeaders headers() {
                return headers;
            }

            @Override
            public InputStream body() {
                return body;
            }

            @Override
            public void close() {}
        };
    }

    public static BufferedResponse response(int status, String body, String... headerPairs) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (int i = 0; i + 1 < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new BufferedResponse(status, headers.build(), body.getBytes(StandardCharsets.UTF_8));
    }

    /** Serves its bytes, then fails like a reset connection (or with the failure it is given). */
    public static final class BreakingStream extends InputStream {
        private final byte[] bytes;
        private final Supplier<IOException> failure;
        private int position;

        public BreakingStream(byte[] bytes) {
            this(bytes, () -> new IOException("stream reset by peer"));
        }

        public BreakingStream(byte[] bytes, Supplier<IOException> failure) {
            this.bytes = bytes;
            this.failure = failure;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (position >= bytes.length) {
                throw failure.get();
            }
            int count = Math.min(length, bytes.length - position);
            System.arraycopy(bytes, position, buffer, offset, count);
            position += count;
            return count;
        }
    }
}
