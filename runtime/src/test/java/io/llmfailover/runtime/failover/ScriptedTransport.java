package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.http.BufferedResponse;
import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.http.Transport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A transport whose answers are scripted per host:port, and which records every request. */
final class ScriptedTransport implements Transport {

    interface Answer {
        LlmResponse answer(LlmRequest request) throws IOException;
    }

    private final Map<String, Deque<Answer>> scripts = new HashMap<>();
    private final Map<String, Answer> fallbacks = new HashMap<>();
    final List<LlmRequest> sent = new ArrayList<>();

    /** Answers in order; after the last, the last one repeats. */
    ScriptedTransport on(String authority, Answer... answers) {
        Deque<Answer> queue = scripts.computeIfAbsent(authority, a -> new ArrayDeque<>());
        for (Answer answer : answers) {
            queue.add(answer);
        }
        fallbacks.put(authority, answers[answers.length - 1]);
        return this;
    }

    @Override
    public LlmResponse send(LlmRequest request, Duration firstByteTimeout) throws IOException {
        sent.add(request);
        String authority = request.uri().getAuthority();
        Deque<Answer> queue = scripts.get(authority);
        Answer answer = queue != null && !queue.isEmpty() ? queue.poll() : fallbacks.get(authority);
        if (answer == null) {
            throw new java.net.ConnectException("nothing listens on " + authority);
        }
        return answer.answer(request);
    }

    long sentTo(String authority) {
        return sent.stream().filter(r -> r.uri().getAuthority().equals(authority)).count();
    }

    static Answer status(int status, String body, String... headerPairs) {
        return request -> response(status, body, headerPairs);
    }

    static Answer ok(String body) {
        return status(200, body, "content-type", "application/json");
    }

    static Answer refuse() {
        return request -> {
            throw new java.net.ConnectException("Connection refused");
        };
    }

    static BufferedResponse response(int status, String body, String... headerPairs) {
        HttpHeaders.Builder headers = HttpHeaders.builder();
        for (int i = 0; i + 1 < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new BufferedResponse(status, headers.build(), body.getBytes(StandardCharsets.UTF_8));
    }
}
