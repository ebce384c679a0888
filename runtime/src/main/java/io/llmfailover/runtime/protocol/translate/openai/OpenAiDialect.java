package io.llmfailover.runtime.protocol.translate.openai;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How one OpenAI-compatible endpoint departs from OpenAI's own Chat Completions, as data. The
 * rewrites themselves are in {@link OpenAiDialectRewrite}.
 *
 * @param hosts host names (or their suffixes) that select this dialect
 * @param maxTokensField the field the endpoint reads the output limit from; null leaves the app's choice
 * @param maxTemperature the highest temperature the endpoint accepts
 * @param toolIds the shape tool call ids must have
 * @param requiredToolChoice what {@code tool_choice: "required"} becomes; null when unsupported (dropped)
 * @param namedToolChoice whether {@code tool_choice: {type: function, …}} is accepted; if not, it becomes
 *     {@code requiredToolChoice}
 * @param renamedFields top-level fields the endpoint spells differently
 * @param unsupportedFields top-level fields the endpoint rejects: dropped
 * @param dropMessageNames whether {@code messages[].name} is rejected
 * @param stripNulls whether keys with null values are rejected
 * @param toolCallReasoningFiller a {@code reasoning_content} to give assistant tool-call messages that
 *     have none, for endpoints that require one; null for none
 * @param flattenTextContent whether list-form content of text parts must be sent as one string
 * @param responsesApi whether the endpoint serves OpenAI's Responses API; if not, Responses calls
 *     are translated to Chat Completions for it
 */
public record OpenAiDialect(
        String name,
        List<String> hosts,
        String maxTokensField,
        double maxTemperature,
        ToolIdFormat toolIds,
        String requiredToolChoice,
        boolean namedToolChoice,
        Map<String, String> renamedFields,
        Set<String> unsupportedFields,
        boolean dropMessageNames,
        boolean stripNulls,
        String toolCallReasoningFiller,
        boolean flattenTextContent,
        boolean responsesApi) {

    public enum ToolIdFormat {
        ANY,
        /** Mistral: exactly nine characters of {@code [a-zA-Z0-9]}. */
        ALPHANUMERIC_9
    }

    /** Whether a same-protocol call to this endpoint needs any rewrite at all. */
    public boolean rewritesAnything() {
        return maxTokensField != null || maxTemperature < 2 || toolIds != ToolIdFormat.ANY
                || !"required".equals(requiredToolChoice) || !namedToolChoice || !renamedFields.isEmpty()
                || !unsupportedFields.isEmpty() || dropMessageNames || stripNulls
                || toolCallReasoningFiller != null || flattenTextContent;
    }

    /** The field to write an output limit to when translating from another protocol. */
    public String outputLimitField() {
        return maxTokensField == null ? "max_tokens" : maxTokensField;
    }
}
