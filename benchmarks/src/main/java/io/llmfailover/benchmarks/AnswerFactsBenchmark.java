package io.llmfailover.benchmarks;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.telemetry.usage.ResponseFacts;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What telemetry pays, on its own thread, to learn an answer's model, usage and finish reason:
 * the bytes watched as they go to the app, then read once for the span.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AnswerFactsBenchmark {

    private static final HttpHeaders JSON = HttpHeaders.builder().add("Content-Type", "application/json").build();
    private static final HttpHeaders SSE = HttpHeaders.builder().add("Content-Type", "text/event-stream").build();

    /** The answer's text: a short reply, and a long one. */
    @Param({"512", "16384"})
    public int contentBytes;

    private byte[] answer;
    private byte[] stream;

    @Setup
    public void setUp() {
        String content = "The quick brown fox \\\"jumps\\\" over the lazy dog.\\n".repeat(contentBytes / 50 + 1);
        answer = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1733100000,\"model\":\"gpt-4o-2024-08-06\","
                + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"" + content
                + "\",\"refusal\":null},\"logprobs\":null,\"finish_reason\":\"stop\"}],"
                + "\"usage\":{\"prompt_tokens\":812,\"completion_tokens\":140,\"total_tokens\":952,"
                + "\"prompt_tokens_details\":{\"cached_tokens\":0}},\"system_fingerprint\":\"fp_1\"}")
                .getBytes(StandardCharsets.UTF_8);
        StringBuilder events = new StringBuilder();
        int pieces = 10;
        String piece = content.substring(0, Math.max(1, content.length() / pieces));
        for (int i = 0; i < pieces; i++) {
            events.append("data: {\"id\":\"c-1\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,")
                    .append("\"delta\":{\"content\":\"").append(piece).append("\"},\"finish_reason\":null}],\"usage\":null}\n\n");
        }
        events.append("data: {\"id\":\"c-1\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,")
                .append("\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":null}\n\n")
                .append("data: {\"id\":\"c-1\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o\",\"choices\":[],")
                .append("\"usage\":{\"prompt_tokens\":812,\"completion_tokens\":140,\"total_tokens\":952}}\n\n")
                .append("data: [DONE]\n\n");
        stream = events.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A whole JSON answer, arriving in one piece as a client reads it whole. */
    @Benchmark
    public Long wholeAnswer() {
        UsageScanner scanner = UsageScanner.forResponse(JSON, false);
        scanner.accept(answer, 0, answer.length);
        ResponseFacts facts = scanner.finish();
        return facts.inputTokens() + facts.outputTokens() + facts.model().length();
    }

    /** An OpenAI stream of ten content chunks, its finish and its usage chunk, arriving in 4 KB reads. */
    @Benchmark
    public Long streamedAnswer() {
        UsageScanner scanner = UsageScanner.forResponse(SSE, false);
        for (int at = 0; at < stream.length; at += 4096) {
            scanner.accept(stream, at, Math.min(4096, stream.length - at));
        }
        ResponseFacts facts = scanner.finish();
        return facts.inputTokens() + facts.outputTokens() + facts.model().length();
    }
}
