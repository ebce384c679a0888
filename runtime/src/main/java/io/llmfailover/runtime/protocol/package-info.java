/**
 * The wire protocols' shared vocabulary: the governed {@link io.llmfailover.runtime.protocol.Operation}s
 * and their paths (Vertex AI's publisher paths in {@link io.llmfailover.runtime.protocol.VertexPaths}),
 * and the JSON reads every call needs (the request's {@code model} and
 * {@code stream}), done over the UTF-8 bytes without a parser. Translation between protocols is in
 * {@code protocol.translate} and {@code protocol.bridge}. Depends on the providers only.
 */
package io.llmfailover.runtime.protocol;
