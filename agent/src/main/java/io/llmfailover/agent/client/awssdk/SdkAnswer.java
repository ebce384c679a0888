package io.llmfailover.agent.client.awssdk;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * A response as the SDK's handler takes it: the head, the body's publisher, and when the body ended
 * (the client's own exchange, or the agent's relay of a made answer).
 *
 * @param letGo lets go of the response when the app gave up before it was handed over
 */
record SdkAnswer(SdkHttpResponse head, Publisher<ByteBuffer> body, CompletableFuture<Void> ended, Runnable letGo) {}
