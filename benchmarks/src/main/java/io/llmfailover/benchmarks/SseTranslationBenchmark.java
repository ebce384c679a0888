package io.llmfailover.benchmarks;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An Anthropic stream translated, lazily, into the OpenAI chunks the app's SDK expects; reported
 * per upstream event (a stream of {@value #EVENTS} events per invocation, mostly text deltas).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SseTranslationBenchmark {

    static final int EVENTS = 200;
    private static final int FRAMING_EVENTS = 6;

    private ProtocolBridge bridge;
    private SourceRequest source;
    private TargetRequest target;
    private byte[] anthropicStream;
    private final byte[] readBuffer = new byte[8192];

    @Setup
    public void setUp() throws UntranslatableRequestException {
        FailoverConfig config = BenchmarkConfig.load(BenchmarkConfig.TYPICAL);
        Provider primary = ProviderDirectory.of(config.providers().values()).byName("primary").orElseThrow();
        LlmRequest request = new LlmRequest("POST", URI.create("http://127.0.0.1:18001/v1/chat/completions"),
                HttpHeaders.EMPTY, Bodies.chatCompletion(1024, "gpt-4o", true));
        source = CallRecognizer.recognize(primary, request).orElseThrow().source();
        bridge = ProtocolBridges.between(Protocol.OPENAI, Protocol.ANTHROPIC);
        target = bridge.request(source, "claude-sonnet-4-5");
        anthropicStream = anthropicStream(EVENTS - FRAMING_EVENTS);
    }

    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long translateStream() throws IOException {
        long bytes = 0;
        try (InputStream openAi = bridge.response(new ByteArrayInputStream(anthropicStream), source, target)) {
            for (int n; (n = openAi.read(readBuffer)) >= 0; ) {
                bytes += n;
            }
        }
        return bytes;
    }

    /** Same bytes through the same-protocol path: what the translation adds is the difference. */
    @Benchmark
    @OperationsPerInvocation(EVENTS)
    public long passThroughStream() throws IOException {
        long bytes = 0;
        try (InputStream upstream = new ByteArrayInputStream(anthropicStream)) {
            for (int n; (n = upstream.read(readBuffer)) >= 0; ) {
                bytes += n;
            }
        }
        return bytes;
    }

    static byte[] anthropicStream(int textDeltas) {
        StringBuilder sse = new StringBuilder()
                .append(event("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\","
                        + "\"type\":\"message\",\"role\":\"assistant\",\"model\":\"claude-sonnet-4-5\",\"content\":[],"
                        + "\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":25,\"output_tokens\":1}}}"))
                .append(event("content_block_start",
                        "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"))
                .append(event("ping", "{\"type\":\"ping\"}"));
        for (int i = 0; i < textDeltas; i++) {
            sse.append(event("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,"
                    + "\"delta\":{\"type\":\"text_delta\",\"text\":\"token " + i + " \"}}"));
        }
        sse.append(event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"))
                .append(event("message_delta", "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\","
                        + "\"stop_sequence\":null},\"usage\":{\"output_tokens\":" + textDeltas + "}}"))
                .append(event("message_stop", "{\"type\":\"message_stop\"}"));
        return sse.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String event(String name, String data) {
        return "event: " + name + "\ndata: " + data + "\n\n";
    }
}
