/**
 * What translating between protocols shares: a {@link io.llmfailover.runtime.protocol.translate.WireFormat}
 * per protocol's operation, read into and written from the neutral model ({@code translate.model}),
 * streams decoded and encoded one event at a time in constant memory
 * ({@link io.llmfailover.runtime.protocol.translate.TranslatingStream}), error bodies and mid-stream
 * error frames in each protocol's shape, and the translation policy's refusals
 * ({@link io.llmfailover.runtime.protocol.translate.UntranslatableRequestException}). The formats
 * themselves live in {@code translate.openai}, {@code translate.anthropic} and {@code translate.gemini}.
 * Depends on the contract, the protocol vocabulary, the providers, the neutral model, SSE and the clock only.
 */
package io.llmfailover.runtime.protocol.translate;
