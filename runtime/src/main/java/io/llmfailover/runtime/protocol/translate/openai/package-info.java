/**
 * OpenAI's wire formats: Chat Completions ({@link io.llmfailover.runtime.protocol.translate.openai.OpenAiChatFormat}),
 * with the dialects of OpenAI-compatible vendors, and the Responses API
 * ({@link io.llmfailover.runtime.protocol.translate.openai.OpenAiResponsesFormat}): requests, answers
 * and stream chunks read into and written from the neutral model. Depends on {@code translate}, its
 * model and SSE, the protocol vocabulary, the providers and the contract only.
 */
package io.llmfailover.runtime.protocol.translate.openai;
