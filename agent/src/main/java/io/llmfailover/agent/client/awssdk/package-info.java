/**
 * The AWS SDK for Java v2 adapter, for its async HTTP clients: every call of a
 * {@code BedrockRuntimeAsyncClient} (Converse, ConverseStream) reaches the client's
 * {@code execute(AsyncExecuteRequest)} once per SDK attempt, below the SDK's retries, signing and
 * timeouts, where a governed call is taken over: the client's own {@code execute} is skipped, the
 * lifecycle runs on agent threads, never on the client's event loop or the caller's thread, and the
 * SDK's response handler is given the answer's head and body, its future ended once the body ended.
 * Each attempt goes through the app's own client with a handler of the agent's, which marks it as
 * the agent's own. Hooked: {@code NettyNioAsyncHttpClient}, the SDK's default async client. The
 * sync {@code BedrockRuntimeClient}, on its default Apache HttpClient 4, is governed by the Apache 4
 * adapter. Apart from {@link io.llmfailover.agent.client.awssdk.AwsSdkInstrumentation} and the
 * advice, the classes here are defined in a child of the class loader of the app's SDK HTTP client.
 */
package io.llmfailover.agent.client.awssdk;
