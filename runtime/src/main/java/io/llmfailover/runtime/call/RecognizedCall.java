package io.llmfailover.runtime.call;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Provider;

/**
 * A request the gateway governs: a generation call to a known provider.
 *
 * @param request the app's request, exactly as it was sent
 * @param addressed the provider the app addressed
 * @param source the call in the addressed provider's protocol
 */
public record RecognizedCall(LlmRequest request, Provider addressed, SourceRequest source) {}
