/**
 * Recognising a governed call: a generation call (chat completions, responses, messages,
 * {@code generateContent}, embeddings) to a known provider, read from the neutral request into a
 * {@link io.llmfailover.runtime.call.RecognizedCall} (the addressed provider, the model, whether it
 * streams) by {@link io.llmfailover.runtime.call.CallRecognizer}. Every other request to a provider's
 * host passes through untouched. Depends on the contract, the protocol packages and the providers.
 */
package io.llmfailover.runtime.call;
