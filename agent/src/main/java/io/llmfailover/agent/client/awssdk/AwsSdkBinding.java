package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.TransportFailure;
import io.llmfailover.agent.lifecycle.reactive.StreamedBody;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;

/**
 * What is the AWS SDK's own in the call lifecycle: its {@code AsyncExecuteRequest} and content
 * publisher, the app's async HTTP client, and the head and body its response handler is given. Runs
 * on an agent thread.
 */
final class AwsSdkBinding implements ClientBinding<AwsSdkCall, SdkAnswer> {

    static final AwsSdkBinding INSTANCE = new AwsSdkBinding();

    private AwsSdkBinding() {}

    @Override
    public String clientName() {
        return "AWS SDK async";
    }

    @Override
    public String method(AwsSdkCall call) {
        return call.request().request().method().name();
    }

    @Override
    public URI uri(AwsSdkCall call) {
        return call.uri;
    }

    @Override
    public String takeHeader(AwsSdkCall call, String name) {
        return call.takeHeader(name);
    }

    /** The SDK's request cannot change, and the client's own {@code execute} would send it as it is. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.FROM_A_COPY;
    }

    /**
     * Read only when its length is known and within the cap (the SDK knows it for every JSON
     * operation); a body of unknown length is never subscribed to, so the client still sends it whole.
     */
    @Override
    public BufferedBody buffer(AwsSdkCall call, long limit) throws IOException {
        Optional<Long> length = call.request().requestContentPublisher().contentLength();
        if (length.isEmpty()) {
            return BufferedBody.notReplayable("a body of unknown length");
        }
        if (length.get() > limit) {
            return BufferedBody.tooLarge(limit);
        }
        try {
            byte[] bytes = ContentBytes.read(call.request().requestContentPublisher(), limit).get();
            return bytes == null ? BufferedBody.tooLarge(limit) : BufferedBody.of(bytes);
        } catch (ExecutionException failed) {
            throw TransportFailure.of(failed.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading the request body");
        }
    }

    @Override
    public LlmRequest toNeutral(AwsSdkCall call, byte[] body) {
        return new LlmRequest(method(call), call.uri, HttpHeaders.of(call.request().request().headers()), body);
    }

    @Override
    public Transport transport(AwsSdkCall call, LlmRequest neutral) {
        return new AwsSdkTransport(call);
    }

    /**
     * The client's own response when the answer is it, untouched; otherwise the answer's head, its
     * body published from agent threads as the SDK asks for it. An answer the app gave up on before
     * it was handed over is closed unread.
     */
    @Override
    public SdkAnswer toApp(AwsSdkCall call, Answer answer) {
        SdkAnswer own = NativeResponse.handedOver(answer, SdkAnswer.class);
        if (own != null) {
            return own;
        }
        StreamedBody<ByteBuffer> body = StreamedBody.of(answer, AgentThreads.relays(), ByteBuffer::wrap);
        call.appWait().onAbandon(body::discard);
        SdkHttpResponse.Builder head = SdkHttpResponse.builder().statusCode(answer.status());
        answer.headers().forEach(head::appendHeader);
        return new SdkAnswer(head.build(), body.publisher(), body.ended(), body::discard);
    }

    /** The app's request through the app's client, its body the buffered bytes when they were read. */
    @Override
    public SdkAnswer proceed(AwsSdkCall call, BufferedBody body) throws IOException {
        return AwsSdkTransport.exchange(call, handler -> body != null && body.fits()
                ? SdkRequests.original(call.request(), HttpHeaders.EMPTY, body.bytes(), handler)
                : SdkRequests.asMade(call.request(), handler), null);
    }

    /** As the Netty client reports its own read timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return new IOException("Read timed out (llm-failover: " + expired.getMessage() + ")", expired);
    }

    @Override
    public ClassLoader clientLoader(AwsSdkCall call) {
        return SdkAsyncHttpClient.class.getClassLoader();
    }
}
