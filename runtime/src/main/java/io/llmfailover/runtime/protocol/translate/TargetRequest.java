package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.Operation;
import java.util.List;

/**
 * The request to send to a provider, in that provider's protocol.
 *
 * @param path the operation path relative to the provider's base URL, with its query if any:
 *     {@code /chat/completions}, {@code /messages}, {@code /models/gemini-2.5-flash:streamGenerateContent?alt=sse}
 * @param headers protocol headers the target needs beyond credentials (e.g. {@code anthropic-version})
 * @param dropped the app's request fields the target cannot honour and the translation left out,
 *     for telemetry to mark the span (empty when nothing was dropped)
 */
public record TargetRequest(Operation operation, String model, boolean stream, String path, byte[] body, HttpHeaders headers,
        List<String> dropped) {

    public TargetRequest {
        dropped = List.copyOf(dropped);
    }

    public TargetRequest(Operation operation, String model, boolean stream, String path, byte[] body, HttpHeaders headers) {
        this(operation, model, stream, path, body, headers, List.of());
    }

    @Override
    public String toString() {
        // Never the body: it carries the prompt.
        return "TargetRequest[" + operation + " " + model + (stream ? " stream" : "") + " " + path + " dropped=" + dropped + "]";
    }
}
