/**
 * Anthropic's Messages format ({@link io.llmfailover.runtime.protocol.translate.anthropic.AnthropicMessagesFormat}):
 * requests, answers and stream events read into and written from the neutral model. Depends on
 * {@code translate}, its model and SSE, the protocol vocabulary, the providers and the contract only.
 */
package io.llmfailover.runtime.protocol.translate.anthropic;
