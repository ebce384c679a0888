package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CappedCopy;
import io.llmfailover.agent.lifecycle.ClientBinding;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.Optional;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;

/**
 * What is the AWS SDK's own in the lifecycle of a sync call: its {@code HttpExecuteRequest} (a
 * request and a content stream provider, which makes the body again as often as asked), the app's
 * sync HTTP client, and the {@code HttpExecuteResponse} the SDK reads. Runs on the SDK's thread.
 */
final class AwsSdkSyncBinding implements ClientBinding<AwsSdkSyncCall, HttpExecuteResponse> {

    static final AwsSdkSyncBinding INSTANCE = new AwsSdkSyncBinding();

    private AwsSdkSyncBinding() {}

    @Override
    public String clientName() {
        return "AWS SDK sync";
    }

    @Override
    public String method(AwsSdkSyncCall call) {
        return call.request().httpRequest().method().name();
    }

    @Override
    public URI uri(AwsSdkSyncCall call) {
        return call.uri;
    }

    @Override
    public String takeHeader(AwsSdkSyncCall call, String name) {
        return call.takeHeader(name);
    }

    /** The SDK's request cannot change; the call left alone sends the one its client prepared again without the header. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.FROM_A_COPY;
    }

    /** The provider makes a new stream each time it is asked, so the call sent as made still has its whole body. */
    @Override
    public BufferedBody buffer(AwsSdkSyncCall call, long limit) throws IOException {
        Optional<ContentStreamProvider> content = call.request().contentStreamProvider();
        if (content.isEmpty()) {
            return BufferedBody.empty();
        }
        long length = call.request().httpRequest().firstMatchingHeader("Content-Length").map(Long::parseLong).orElse(-1L);
        return CappedCopy.of(length, true, limit, out -> {
            try (InputStream body = content.get().newStream()) {
                body.transferTo(out);
            }
        });
    }

    @Override
    public LlmRequest toNeutral(AwsSdkSyncCall call, byte[] body) {
        return new LlmRequest(method(call), call.uri, HttpHeaders.of(call.request().httpRequest().headers()), body);
    }

    @Override
    public Transport transport(AwsSdkSyncCall call, LlmRequest neutral) {
        return new AwsSdkSyncTransport(call);
    }

    /** The client's own response when the answer is it, untouched; otherwise the answer's head and body. */
    @Override
    public HttpExecuteResponse toApp(AwsSdkSyncCall call, Answer answer) {
        HttpExecuteResponse own = NativeResponse.handedOver(answer, HttpExecuteResponse.class);
        if (own != null) {
            return own;
        }
        SdkHttpResponse.Builder head = SdkHttpResponse.builder().statusCode(answer.status());
        answer.headers().forEach(head::appendHeader);
        return HttpExecuteResponse.builder()
                .response(head.build())
                .responseBody(AwsSdkSyncTransport.bodyOf(AnswerBody.of(answer), answer))
                .build();
    }

    /** The request the app's client prepared, sent once, as if the agent were absent. */
    @Override
    public HttpExecuteResponse proceed(AwsSdkSyncCall call, BufferedBody body) throws IOException {
        return call.inFlight(call.asMade()).call();
    }

    /** As the SDK's HTTP clients report a read that timed out. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out (llm-failover: " + expired.getMessage() + ")");
        timeout.initCause(expired);
        return timeout;
    }

    @Override
    public ClassLoader clientLoader(AwsSdkSyncCall call) {
        return SdkHttpClient.class.getClassLoader();
    }
}
