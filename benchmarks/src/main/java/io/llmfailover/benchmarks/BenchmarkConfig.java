package io.llmfailover.benchmarks;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.ConfigLoader;
import io.llmfailover.runtime.config.FailoverConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The config the benchmarks run with, read by the real loader from a properties text, so a benchmark
 * sees exactly what the agent would build from the same file.
 */
final class BenchmarkConfig {

    /** Three OpenAI-protocol providers, one Anthropic, and routes both by model pattern and by provider. */
    static final String TYPICAL = """
            provider.primary.url = http://127.0.0.1:18001/v1
            provider.primary.protocol = openai
            provider.backup.url = http://127.0.0.1:18002/v1
            provider.backup.protocol = openai
            provider.backup.api-key = sk-backup
            provider.pool.url = http://127.0.0.1:18003/v1
            provider.pool.protocol = openai
            provider.pool.api-keys = sk-a, sk-b, sk-c
            provider.claude.url = http://127.0.0.1:18004/v1
            provider.claude.protocol = anthropic
            provider.claude.api-key = sk-ant
            provider.claude.model.* = claude-sonnet-4-5
            route.mini.match = primary/gpt-4o-mini*
            route.mini.chain = primary, pool
            route.reasoning.match = primary/o3*
            route.reasoning.chain = primary, claude
            route.main.match = primary
            route.main.chain = primary, backup, claude
            """;

    private BenchmarkConfig() {}

    static FailoverConfig load(String properties) {
        try {
            Path file = Files.createTempFile("llm-failover-bench-", ".properties");
            file.toFile().deleteOnExit();
            Files.writeString(file, properties, StandardCharsets.UTF_8);
            return ConfigLoader.load("config=" + file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ConfigException e) {
            throw new IllegalStateException("benchmark config refused: " + e.getMessage(), e);
        }
    }
}
