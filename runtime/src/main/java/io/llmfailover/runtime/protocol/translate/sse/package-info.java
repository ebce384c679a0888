/**
 * Server-sent events: read from a byte stream as they arrive, whatever their line endings or how
 * reads split them ({@link io.llmfailover.runtime.protocol.translate.sse.SseReader}), and written in
 * the shapes the SDKs parse. Depends on nothing else of the runtime.
 */
package io.llmfailover.runtime.protocol.translate.sse;
