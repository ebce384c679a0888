package io.llmfailover.runtime.protocol.translate.openai;

import io.llmfailover.runtime.protocol.translate.TargetProvider;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialect.ToolIdFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The known OpenAI-compatible endpoints and their departures from OpenAI, selected by host or provider name. */
public final class OpenAiDialects {

    /** Any endpoint not listed: nothing rewritten on the same-protocol path. */
    public static final OpenAiDialect GENERIC = new OpenAiDialect("generic", List.of(), null, 2.0, ToolIdFormat.ANY,
            "required", true, Map.of(), Set.of(), false, false, null, false, true);

    private static final List<OpenAiDialect> KNOWN = List.of(
            new OpenAiDialect("openai", List.of("api.openai.com", "openai.azure.com"), "max_completion_tokens", 2.0,
                    ToolIdFormat.ANY, "required", true, Map.of(), Set.of(), false, false, null, false, true),
            new OpenAiDialect("deepseek", List.of("api.deepseek.com"), "max_tokens", 2.0,
                    ToolIdFormat.ANY, "required", true, Map.of(), Set.of("logit_bias"), false, false, null, false, false),
            new OpenAiDialect("mistral", List.of("api.mistral.ai"), "max_tokens", 2.0,
                    ToolIdFormat.ALPHANUMERIC_9, "any", false, Map.of("seed", "random_seed"),
                    Set.of("logit_bias", "logprobs", "top_logprobs", "user", "store", "metadata", "service_tier",
                            "stream_options", "reasoning_effort"),
                    true, true, null, false, false),
            new OpenAiDialect("moonshot", List.of("api.moonshot.ai", "api.moonshot.cn"), "max_tokens", 1.0,
                    ToolIdFormat.ANY, null, true, Map.of(), Set.of("logit_bias", "store", "metadata", "service_tier"),
                    false, false, " ", true, false),
            new OpenAiDialect("dashscope", List.of("aliyuncs.com"), "max_tokens", 2.0,
                    ToolIdFormat.ANY, "required", true, Map.of(), Set.of("logit_bias", "store", "metadata", "service_tier"),
                    false, false, null, false, false),
            new OpenAiDialect("groq", List.of("api.groq.com"), "max_completion_tokens", 2.0,
                    ToolIdFormat.ANY, "required", true, Map.of(),
                    Set.of("logprobs", "top_logprobs", "logit_bias", "store", "metadata", "service_tier"),
                    true, false, null, false, true),
            new OpenAiDialect("gemini-openai", List.of("generativelanguage.googleapis.com"), "max_tokens", 2.0,
                    ToolIdFormat.ANY, "required", true, Map.of(), Set.of("logit_bias", "store", "metadata", "service_tier"),
                    false, false, null, false, false));

    private OpenAiDialects() {}

    /** The dialect of the target: by host first, then by a provider name equal to a dialect's name. */
    public static OpenAiDialect of(TargetProvider target) {
        for (OpenAiDialect dialect : KNOWN) {
            for (String host : dialect.hosts()) {
                if (target.host().equals(host) || target.host().endsWith("." + host)) {
                    return dialect;
                }
            }
        }
        for (OpenAiDialect dialect : KNOWN) {
            if (dialect.name().equals(target.name())) {
                return dialect;
            }
        }
        return GENERIC;
    }
}
