package io.llmfailover.runtime.provider;

import static io.llmfailover.runtime.provider.Protocol.ANTHROPIC;
import static io.llmfailover.runtime.provider.Protocol.BEDROCK;
import static io.llmfailover.runtime.provider.Protocol.GEMINI;
import static io.llmfailover.runtime.provider.Protocol.OPENAI;
import static io.llmfailover.runtime.provider.WellKnownProvider.at;
import static io.llmfailover.runtime.provider.WellKnownProvider.onAnyHostEndingWith;
import static io.llmfailover.runtime.provider.WellKnownProvider.onRegionalHosts;

import java.util.List;
import java.util.Optional;

/**
 * The catalogue of LLM hosts the agent governs even with no config. Where one host serves two
 * protocols, the entries differ by base path and the first one listed is the host's primary.
 */
public final class WellKnownProviders {

    private static final List<WellKnownProvider> CATALOGUE = List.of(
            at("openai", "api.openai.com", "/v1", OPENAI),
            // Azure's v1 API; the older /openai/deployments/{name}/... paths are served on the same hosts.
            // One provider per resource host: azure-openai:<resource>.
            onAnyHostEndingWith("azure-openai", ".openai.azure.com", "/openai/v1", OPENAI),
            at("anthropic", "api.anthropic.com", "/v1", ANTHROPIC),
            at("gcp.gemini", "generativelanguage.googleapis.com", "/v1beta", GEMINI),
            at("gemini-openai", "generativelanguage.googleapis.com", "/v1beta/openai", OPENAI),
            // DeepSeek documents its OpenAI base URL without a path; /v1 is accepted as well.
            at("deepseek", "api.deepseek.com", "/v1", OPENAI),
            at("deepseek-anthropic", "api.deepseek.com", "/anthropic/v1", ANTHROPIC),
            at("mistral_ai", "api.mistral.ai", "/v1", OPENAI),
            at("groq", "api.groq.com", "/openai/v1", OPENAI),
            at("openrouter", "openrouter.ai", "/api/v1", OPENAI),
            at("together", "api.together.xyz", "/v1", OPENAI),
            at("fireworks", "api.fireworks.ai", "/inference/v1", OPENAI),
            at("x_ai", "api.x.ai", "/v1", OPENAI),
            at("dashscope", "dashscope.aliyuncs.com", "/compatible-mode/v1", OPENAI),
            at("dashscope-intl", "dashscope-intl.aliyuncs.com", "/compatible-mode/v1", OPENAI),
            at("moonshot", "api.moonshot.ai", "/v1", OPENAI),
            at("moonshot-anthropic", "api.moonshot.ai", "/anthropic/v1", ANTHROPIC),
            at("moonshot-cn", "api.moonshot.cn", "/v1", OPENAI),
            at("zhipu", "open.bigmodel.cn", "/api/paas/v4", OPENAI),
            // Bedrock Runtime in every region, FIPS endpoints included; one provider per region's host.
            onRegionalHosts("aws.bedrock", List.of("bedrock-runtime.", "bedrock-runtime-fips."), ".amazonaws.com", "", BEDROCK));

    private WellKnownProviders() {}

    public static List<WellKnownProvider> all() {
        return CATALOGUE;
    }

    public static Optional<WellKnownProvider> named(String name) {
        return CATALOGUE.stream().filter(entry -> entry.name().equals(name)).findFirst();
    }

    /**
     * The entry serving {@code host} whose base path is the longest prefix of {@code path}; when no
     * base path fits, the host's primary entry.
     */
    public static Optional<WellKnownProvider> serving(String host, String path) {
        return bestFor(CATALOGUE, host, path);
    }

    static Optional<WellKnownProvider> bestFor(List<WellKnownProvider> entries, String host, String path) {
        WellKnownProvider primary = null;
        WellKnownProvider longest = null;
        for (WellKnownProvider entry : entries) {
            if (!entry.servesHost(host)) {
                continue;
            }
            if (primary == null) {
                primary = entry;
            }
            if (BaseUrl.isUnder(path, entry.basePath())
                    && (longest == null || entry.basePath().length() > longest.basePath().length())) {
                longest = entry;
            }
        }
        return Optional.ofNullable(longest != null ? longest : primary);
    }
}
