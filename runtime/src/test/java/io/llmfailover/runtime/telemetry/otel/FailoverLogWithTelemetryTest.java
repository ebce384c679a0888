package io.llmfailover.runtime.telemetry.otel;

import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.DEEPSEEK;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.OPENAI;
import static io.llmfailover.runtime.telemetry.otel.TelemetryFixture.chat;
import static io.llmfailover.runtime.testing.ScriptedTransport.json;
import static io.llmfailover.runtime.testing.ScriptedTransport.status;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.testing.LogCapture;
import java.io.IOException;
import io.opentelemetry.proto.trace.v1.Span;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue #10, item 5: with telemetry on, the failover line is still logged once, not once per listener. */
class FailoverLogWithTelemetryTest {

    @Test
    void aFailoverIsLoggedOnceWithTelemetryOn() throws IOException {
        List<String> lines;
        try (TelemetryFixture fixture = new TelemetryFixture(); LogCapture log = new LogCapture()) {
            fixture.providers.on(OPENAI, status(529, "{}"));
            fixture.providers.on(DEEPSEEK, json("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}"));

            fixture.gateway.execute(chat(false), fixture.providers).body().readAllBytes();
            lines = log.linesWith("llm-failover: failover from");
        }

        assertEquals(List.of("openai to deepseek (overloaded)"),
                lines.stream().map(line -> line.substring(line.indexOf("from ") + 5)).toList());
    }

    /** The line carries the call's ids as key-value pairs (slf4j-simple, here, writes them before the message). */
    @Test
    void theFailoverLineNamesTheCallsTraceAndSpan() throws IOException {
        try (TelemetryFixture fixture = new TelemetryFixture(); LogCapture log = new LogCapture()) {
            fixture.providers.on(OPENAI, status(529, "{}"));
            fixture.providers.on(DEEPSEEK, json("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"choices\":[]}"));

            fixture.gateway.execute(chat(false), fixture.providers).body().readAllBytes();
            fixture.flush();
            Span call = fixture.receiver.span("chat gpt-4o");

            String line = log.linesWith("llm-failover: failover from").get(0);
            assertTrue(line.contains("trace_id=" + HexFormat.of().formatHex(call.getTraceId().toByteArray())
                    + " span_id=" + HexFormat.of().formatHex(call.getSpanId().toByteArray()) + " "), line);
        }
    }
}
