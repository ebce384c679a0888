package io.llmfailover.benchmarks;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.telemetry.otel.Telemetry;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A whole governed call through {@link Gateway#execute} with a transport that answers from memory:
 * everything the runtime adds to a call, without the network. Run with {@code -prof gc} for the
 * bytes allocated per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GatewayBenchmark {

    private static final String CONFIG = """
            provider.primary.url = http://127.0.0.1:18001/v1
            provider.primary.protocol = openai
            provider.backup.url = http://127.0.0.1:18002/v1
            provider.backup.protocol = openai
            provider.backup.api-key = sk-backup
            provider.backup.model.gpt-4o = gpt-4o-2024-08-06
            route.main.match = primary
            route.main.chain = primary, backup
            """;

    private static final byte[] COMPLETION = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-4o\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Paris.\"},"
            + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":25,\"completion_tokens\":2,\"total_tokens\":27}}")
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] CHUNKS = ("data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"content\":\"Paris\"}}]}\n\ndata: [DONE]\n\n").getBytes(StandardCharsets.UTF_8);
    private static final byte[] RATE_LIMITED = "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}"
            .getBytes(StandardCharsets.UTF_8);

    private static final HttpHeaders JSON = HttpHeaders.builder().add("content-type", "application/json").build();
    private static final HttpHeaders SSE = HttpHeaders.builder().add("content-type", "text/event-stream").build();
    // A wait of 0 keeps the primary in play for the next call, so every call pays the whole failover.
    private static final HttpHeaders RETRY_NOW = HttpHeaders.builder()
            .add("content-type", "application/json").add("retry-after-ms", "0").build();

    private final URI chatUri = URI.create("http://127.0.0.1:18001/v1/chat/completions");
    private final HttpHeaders appHeaders = HttpHeaders.builder()
            .add("Authorization", "Bearer sk-app").add("Content-Type", "application/json").build();
    private final byte[] buffer = new byte[4096];

    private Gateway happyGateway;
    private Gateway failoverGateway;
    private LlmRequest blocking;
    private LlmRequest streaming;

    private final Transport answersAtOnce = attempt -> attempt.streamed()
            ? new BufferedResponse(200, SSE, CHUNKS)
            : new BufferedResponse(200, JSON, COMPLETION);

    private final Transport primaryRateLimited = attempt -> attempt.request().uri().getPort() == 18001
            ? new BufferedResponse(429, RETRY_NOW, RATE_LIMITED)
            : new BufferedResponse(200, JSON, COMPLETION);

    @Setup
    public void setUp() {
        happyGateway = Gateway.create(BenchmarkConfig.load(CONFIG));
        failoverGateway = Gateway.create(BenchmarkConfig.load(CONFIG));
        blocking = new LlmRequest("POST", chatUri, appHeaders, Bodies.chatCompletion(1024, "gpt-4o", false));
        streaming = new LlmRequest("POST", chatUri, appHeaders, Bodies.chatCompletion(1024, "gpt-4o", true));
    }

    @Benchmark
    public long passThrough() throws IOException {
        return drain(happyGateway.execute(blocking, answersAtOnce));
    }

    /** The same with telemetry on: what the call notes for its spans and metrics, on the caller's thread. */
    @Benchmark
    public long passThroughObserved(Observed observed) throws IOException {
        return drain(observed.gateway.execute(blocking, answersAtOnce));
    }

    /**
     * A gateway with telemetry, for the one benchmark that wants it: spans and metrics are built on
     * the telemetry thread as in the agent; nothing listens at the collector's port.
     */
    @State(Scope.Benchmark)
    public static class Observed {
        private Telemetry telemetry;
        private Gateway gateway;

        @Setup
        public void setUp() {
            FailoverConfig config = BenchmarkConfig.load(CONFIG + "otel.exporter.otlp.endpoint = http://127.0.0.1:9\n");
            telemetry = Telemetry.start(config);
            gateway = Gateway.builder(config).telemetry(telemetry).build();
        }

        @TearDown
        public void tearDown() {
            telemetry.shutdown();
        }
    }

    /** The first content event is read ahead (the first-byte deadline), then handed back with the rest. */
    @Benchmark
    public long passThroughStream() throws IOException {
        return drain(happyGateway.execute(streaming, answersAtOnce));
    }

    /** 429 from the primary, its body read and classified, then the backup with its key and model. */
    @Benchmark
    public long failoverOn429() throws IOException {
        return drain(failoverGateway.execute(blocking, primaryRateLimited));
    }

    private long drain(LlmResponse response) throws IOException {
        long bytes = 0;
        try (response; InputStream body = response.body()) {
            for (int n; (n = body.read(buffer)) >= 0; ) {
                bytes += n;
            }
        }
        return bytes + response.status();
    }
}
