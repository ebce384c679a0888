package io.llmfailover.benchmarks;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.JsonModelField;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.provider.ProviderDirectory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Optional;
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
 * What a governed request costs before anything is sent: its body copied once into a byte array
 * (as the adapters do from the client's body), its model and stream flag read, and the call recognised.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RequestReadingBenchmark {

    /** A short chat, and a long prompt with context pasted in. */
    @Param({"1024", "32768"})
    public int bodyBytes;

    private byte[] body;
    private Provider primary;
    private final URI uri = URI.create("http://127.0.0.1:18001/v1/chat/completions");
    private final HttpHeaders headers = HttpHeaders.builder()
            .add("Authorization", "Bearer sk-app")
            .add("Content-Type", "application/json")
            .build();

    @Setup
    public void setUp() {
        body = Bodies.chatCompletion(bodyBytes, "gpt-4o", false);
        FailoverConfig config = BenchmarkConfig.load(BenchmarkConfig.TYPICAL);
        primary = ProviderDirectory.of(config.providers().values()).byName("primary").orElseThrow();
    }

    /** The adapters' copy of the client's body into the request replayed to every attempt. */
    @Benchmark
    public LlmRequest bufferBody() throws IOException {
        try (InputStream clientBody = new ByteArrayInputStream(body)) {
            return new LlmRequest("POST", uri, headers, clientBody.readAllBytes());
        }
    }

    @Benchmark
    public JsonModelField.ModelAndStream readModelAndStream() {
        return JsonModelField.read(body);
    }

    @Benchmark
    public Optional<RecognizedCall> recognizeCall() {
        return CallRecognizer.recognize(primary, new LlmRequest("POST", uri, headers, body));
    }
}
