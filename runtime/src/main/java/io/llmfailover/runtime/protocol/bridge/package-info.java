/**
 * Carries one call from the protocol the app speaks to the protocol a fallback speaks, and its answer
 * back: a {@link io.llmfailover.runtime.protocol.bridge.ProtocolBridge} per direction, found by
 * {@link io.llmfailover.runtime.protocol.bridge.ProtocolBridges}: the same protocol only maps the
 * model ({@link io.llmfailover.runtime.protocol.bridge.SameProtocolBridge}), another OpenAI-compatible
 * vendor gets its dialect, and a cross-protocol bridge puts the two wire formats back to back
 * ({@link io.llmfailover.runtime.protocol.bridge.CrossProtocolBridge}); a model on Vertex AI is its
 * publisher's protocol inside Vertex's envelope ({@link io.llmfailover.runtime.protocol.bridge.VertexBridge}). The walk plans each attempt's
 * request through one and reads the answer back through it. Depends on the translation packages, the
 * protocol vocabulary, the providers and the contract.
 */
package io.llmfailover.runtime.protocol.bridge;
