package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's configuration in the load run: every stub a provider, routes by model to each, a
 * breaker that never opens (so that every failover call takes the decision), telemetry to the
 * run's collector, or off.
 */
final class AgentConfigFile {

    private AgentConfigFile() {}

    /** @return the file written into the work directory */
    static Path write(StubProviders stubs, int sinkPort, Path work, boolean telemetryOff) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "# Written by the load benchmark: loopback stubs only, telemetry to the benchmark's collector.",
                "provider.happy.url = " + stubs.baseUrl(StubProviders.Name.HAPPY),
                "provider.happy.protocol = openai",
                "provider.backup.url = " + stubs.baseUrl(StubProviders.Name.BACKUP),
                "provider.backup.protocol = openai",
                "provider.backup.api-key = sk-bench-backup-key",
                "provider.flaky.url = " + stubs.baseUrl(StubProviders.Name.FLAKY),
                "provider.flaky.protocol = openai",
                "provider.down.url = " + stubs.baseUrl(StubProviders.Name.DOWN),
                "provider.down.protocol = openai",
                "provider.claude.url = " + stubs.baseUrl(StubProviders.Name.CLAUDE),
                "provider.claude.protocol = anthropic",
                "provider.claude.api-key = sk-bench-claude-key",
                "provider.claude.model.* = claude-sonnet-4-5",
                "route.happy.match = happy",
                "route.happy.chain = happy, backup",
                "route.flaky.match = flaky",
                "route.flaky.chain = flaky, backup",
                "route.down.match = down",
                "route.down.chain = down, claude",
                "# The primaries fail on every call: a breaker that never opens makes every call take the decision.",
                "breaker.consecutive-failures = 0",
                "breaker.minimum-calls = 1000000000",
                "otel.exporter.otlp.endpoint = http://127.0.0.1:" + sinkPort,
                "otel.service.name = llm-failover-load-benchmark"));
        if (telemetryOff) {
            lines.add("otel.sdk.disabled = true");
        }
        Path file = work.resolve(telemetryOff ? "llm-failover-otel-off.properties" : "llm-failover.properties");
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
