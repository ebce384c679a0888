/**
 * AWS Bedrock Runtime's Converse API, read and written through the neutral model: its JSON
 * bodies, its event-stream answers and its exception names.
 */
package io.llmfailover.runtime.protocol.translate.bedrock;
