/**
 * AWS Bedrock Runtime's Converse API, read and written through the neutral model: its JSON
 * bodies, its event-stream answers and its exception names; and the event stream of Claude's
 * InvokeModel, whose chunks carry Anthropic's own events ({@code InvokeModelSse}, {@code InvokeModelChunks}).
 */
package io.llmfailover.runtime.protocol.translate.bedrock;
