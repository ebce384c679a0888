/**
 * The protocol-neutral model a translation goes through: a request
 * ({@link io.llmfailover.runtime.protocol.translate.model.ChatRequest}), an answer
 * ({@link io.llmfailover.runtime.protocol.translate.model.ChatResponse}) and its stream events, in
 * terms every protocol can be written from. Plain records; no {@code toString} shows prompt or
 * completion text. Depends on nothing else of the runtime.
 */
package io.llmfailover.runtime.protocol.translate.model;
