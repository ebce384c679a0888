package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.protocol.Operation;

/**
 * The request to send to a provider, in that provider's protocol.
 *
 * @param path the operation path relative to the provider's base URL, with its query if any:
 *     {@code /chat/completions}, {@code /messages}, {@code /models/gemini-2.5-flash:streamGenerateContent?alt=sse}
 * @param headers protocol headers the target needs beyond credentials (e.g. {@code anthropic-version})
 */
public record TargetRequest(Operation operation, String model, boolean stream, String path, byte[] body, HttpHeaders headers) {}
