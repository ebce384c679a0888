/**
 * AWS event-stream framing ({@code application/vnd.amazon.eventstream}), the binary framing of
 * Bedrock's streamed answers: messages decoded as bytes arrive, whatever the split, with their
 * lengths bounded and their checksums verified, and encoded. Depends on nothing else of the runtime.
 */
package io.llmfailover.runtime.protocol.translate.eventstream;
