/**
 * The AWS SDK for Java v2 adapter, at the SDK's own HTTP seam, below its retries, signing and
 * timeouts, which every call of a {@code BedrockRuntimeClient} or {@code BedrockRuntimeAsyncClient}
 * reaches once per SDK attempt. Sync: each sync client's {@code prepareRequest(HttpExecuteRequest)}
 * ({@code Apache5HttpClient}, the default, {@code ApacheHttpClient}, {@code UrlConnectionHttpClient})
 * returns, for a governed call, a request of the agent's whose {@code call()} runs the lifecycle on
 * the SDK's thread, each attempt prepared and called through the app's client. Async:
 * {@code NettyNioAsyncHttpClient.execute(AsyncExecuteRequest)} is taken over, the lifecycle runs on
 * agent threads, never on the client's event loop or the caller's thread, and the SDK's response
 * handler is given the answer's head and body, its future ended once the body ended; each attempt
 * goes through the app's own client with a handler of the agent's, which marks it as the agent's
 * own. Apart from {@link io.llmfailover.agent.client.awssdk.AwsSdkInstrumentation} and the advice,
 * the classes here are defined in a child of the class loader of the app's SDK HTTP client, and go
 * into the agent jar as compiled: the jar's shading relocates its own copy of the AWS SDK, never
 * the app's types these classes name.
 */
package io.llmfailover.agent.client.awssdk;
