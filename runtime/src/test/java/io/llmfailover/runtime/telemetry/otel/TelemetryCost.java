package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.time.Clock;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Measures what telemetry adds to one governed call: the gateway with no observer against the
 * gateway with the OpenTelemetry observer (spans, metrics, usage scanning), exporting to a live
 * receiver and to a collector that is down. The transport answers from memory, so the figures are
 * the runtime's own cost per call, on one thread. Not a test: run its main.
 *
 * <pre>
 * ./mvnw -q -o -pl runtime test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * cd runtime &amp;&amp; java -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *      io.llmfailover.runtime.telemetry.otel.TelemetryCost
 * </pre>
 */
public final class TelemetryCost {

    private static final int WARM_UP = 30_000;
    private static final int ROUNDS = 7;
    private static final int CALLS_PER_ROUND = 20_000;

    private static final byte[] ANSWER = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-4o-2024\","
            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\"Hello there\"},"
            + "\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3,\"total_tokens\":12}}")
            .getBytes(StandardCharsets.UTF_8);
    private static final HttpHeaders JSON = HttpHeaders.builder().add("content-type", "application/json").build();

    public static void main(String[] args) throws Exception {
        FailoverConfig config = TelemetryFixture.config();
        Transport memory = attempt -> new BufferedResponse(200, JSON, ANSWER);
        LlmRequest chat = TelemetryFixture.chat(false);
        Map<String, String> defaults = Map.of("otel.bsp.schedule.delay", "5000", "otel.metric.export.interval", "60000");

        report("no telemetry (NOOP observer)", Gateway.builder(config).build(), chat, memory);
        try (OtlpReceiver receiver = new OtlpReceiver()) {
            Telemetry live = OtelTelemetry.start(TelemetryFixture.settings(receiver.endpoint(), defaults), Clock.SYSTEM);
            report("OpenTelemetry, live receiver", Gateway.builder(config).telemetry(live).build(), chat, memory);
            live.shutdown();
            System.out.printf("   (the receiver got %d span exports)%n", receiver.traceRequests());
        }
        Telemetry down = OtelTelemetry.start(TelemetryFixture.settings("http://127.0.0.1:" + closedPort(), defaults),
                Clock.SYSTEM);
        report("OpenTelemetry, collector down", Gateway.builder(config).telemetry(down).build(), chat, memory);
        down.shutdown();
    }

    private static void report(String label, Gateway gateway, LlmRequest chat, Transport transport) throws IOException {
        for (int i = 0; i < WARM_UP; i++) {
            call(gateway, chat, transport);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean process =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long[] nanosPerCall = new long[ROUNDS];
        long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
        long cpuBefore = process.getProcessCpuTime();
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (int i = 0; i < CALLS_PER_ROUND; i++) {
                call(gateway, chat, transport);
            }
            nanosPerCall[round] = (System.nanoTime() - start) / CALLS_PER_ROUND;
        }
        long calls = (long) ROUNDS * CALLS_PER_ROUND;
        long bytesPerCall = (threads.getCurrentThreadAllocatedBytes() - allocatedBefore) / calls;
        long cpuPerCall = (process.getProcessCpuTime() - cpuBefore) / calls;
        Arrays.sort(nanosPerCall);
        System.out.printf("%-32s median %,7d ns/call (min %,d, max %,d), %,d bytes allocated/call on the caller's "
                + "thread, %,d ns CPU/call in the whole process%n", label,
                nanosPerCall[ROUNDS / 2], nanosPerCall[0], nanosPerCall[ROUNDS - 1], bytesPerCall, cpuPerCall);
    }

    private static void call(Gateway gateway, LlmRequest chat, Transport transport) throws IOException {
        try (LlmResponse response = gateway.execute(chat, transport)) {
            response.body().readAllBytes();
        }
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private TelemetryCost() {}
}
