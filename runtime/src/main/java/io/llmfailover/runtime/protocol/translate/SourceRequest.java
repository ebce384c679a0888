package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.Operation;

/**
 * The request as the app wrote it, in the protocol of the provider it addressed.
 *
 * @param model the model the app asked for (from the body, or from the path for Gemini)
 * @param stream whether the app asked for a streamed response
 * @param query the raw query string of the app's request without credentials, or null
 */
public record SourceRequest(Operation operation, String model, boolean stream, String query, byte[] body) {}
