/**
 * Gemini's {@code generateContent} and {@code streamGenerateContent} format
 * ({@link io.llmfailover.runtime.protocol.translate.gemini.GeminiFormat}): requests, answers and stream
 * frames read into and written from the neutral model, schemas cut down to what Gemini accepts.
 * Depends on {@code translate}, its model and SSE, the protocol vocabulary, the providers and the contract only.
 */
package io.llmfailover.runtime.protocol.translate.gemini;
