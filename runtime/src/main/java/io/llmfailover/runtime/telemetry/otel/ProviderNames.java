package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.provider.Provider;
import java.util.Locale;

/**
 * A provider's {@code gen_ai.provider.name}: the semantic-convention value when the host (or else
 * the configured name) is a well-known one, otherwise the configured name as it is.
 */
final class ProviderNames {

    private ProviderNames() {}

    static String semconvName(Provider provider) {
        String host = provider.baseUrl().getHost();
        String byHost = host == null ? null : byHost(host.toLowerCase(Locale.ROOT));
        if (byHost != null) {
            return byHost;
        }
        String byName = byName(provider.name().toLowerCase(Locale.ROOT));
        return byName != null ? byName : provider.name();
    }

    private static String byHost(String host) {
        if (host.equals("api.openai.com")) {
            return "openai";
        }
        if (host.equals("api.anthropic.com")) {
            return "anthropic";
        }
        if (host.equals("generativelanguage.googleapis.com")) {
            return "gcp.gemini";
        }
        if (host.endsWith("aiplatform.googleapis.com")) {
            return "gcp.vertex_ai";
        }
        if (host.endsWith(".openai.azure.com") || host.endsWith(".services.ai.azure.com")) {
            return "azure.ai.openai";
        }
        if (host.startsWith("bedrock-runtime.") && host.endsWith(".amazonaws.com")) {
            return "aws.bedrock";
        }
        if (host.equals("api.deepseek.com")) {
            return "deepseek";
        }
        if (host.equals("api.groq.com")) {
            return "groq";
        }
        if (host.equals("api.mistral.ai")) {
            return "mistral_ai";
        }
        if (host.equals("api.x.ai")) {
            return "x_ai";
        }
        if (host.equals("api.perplexity.ai")) {
            return "perplexity";
        }
        return null;
    }

    private static String byName(String name) {
        return switch (name) {
            case "openai" -> "openai";
            case "anthropic", "claude" -> "anthropic";
            case "gemini", "google" -> "gcp.gemini";
            case "vertex", "vertex_ai", "vertexai" -> "gcp.vertex_ai";
            case "azure", "azure-openai", "azure_openai" -> "azure.ai.openai";
            case "bedrock" -> "aws.bedrock";
            case "deepseek" -> "deepseek";
            case "groq" -> "groq";
            case "mistral" -> "mistral_ai";
            case "xai", "grok" -> "x_ai";
            default -> null;
        };
    }
}
