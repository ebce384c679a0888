package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;

/**
 * Sends each attempt through the app's own sync SDK HTTP client (Apache 5 or 4, URLConnection, CRT:
 * its pool, TLS, proxy, timeouts), prepared by the client as the SDK prepares a request, on an
 * agent thread bounded by the head deadline ({@link HeadDeadline}); aborting it is the client's own
 * abort, which closes its connection.
 */
final class AwsSdkSyncTransport implements Transport {

    private final AwsSdkSyncCall call;

    AwsSdkSyncTransport(AwsSdkSyncCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        ExecutableHttpRequest executable = call.inFlight(call.client.prepareRequest(requestFor(attempt)));
        return HeadDeadline.await(attempt.headDeadline(), new Sent(executable), new Abort(executable), LlmResponse::abort,
                failure -> call.aborted() || Thread.currentThread().isInterrupted());
    }

    /** The app's request with the runtime's added headers, or one built for another provider; its body the bytes given. */
    private HttpExecuteRequest requestFor(AttemptRequest attempt) {
        LlmRequest sent = attempt.request();
        return HttpExecuteRequest.builder()
                .request(attempt.original() ? SdkRequests.withAdded(call.request().httpRequest(), attempt.addedHeaders())
                        : SdkRequests.rewrittenHead(sent))
                .contentStreamProvider(ContentStreamProvider.fromByteArrayUnsafe(sent.body()))
                .build();
    }

    /** The client's response: its head, its body a stream whose close releases the connection. */
    static NativeResponse<HttpExecuteResponse> received(HttpExecuteResponse response, ExecutableHttpRequest executable) {
        InputStream body = response.responseBody().map(InputStream.class::cast).orElseGet(InputStream::nullInputStream);
        return NativeResponse.of(response, response.httpResponse().statusCode(),
                HttpHeaders.of(response.httpResponse().headers()), body)
                .abortedBy(new Abort(executable));
    }

    /** One attempt, as a named class rather than a lambda, which could not link in the adapter's loader. */
    private record Sent(ExecutableHttpRequest executable) implements HeadDeadline.Attempt<NativeResponse<HttpExecuteResponse>> {
        @Override
        public NativeResponse<HttpExecuteResponse> send() throws IOException {
            return received(executable.call(), executable);
        }
    }

    private record Abort(ExecutableHttpRequest executable) implements Runnable {
        @Override
        public void run() {
            executable.abort();
        }
    }

    /** A made answer's body as the SDK reads it: aborting it aborts the answer. */
    static AbortableInputStream bodyOf(InputStream answerBody, LlmResponse answer) {
        return AbortableInputStream.create(answerBody, new AnswerAbort(answer));
    }

    private record AnswerAbort(LlmResponse answer) implements software.amazon.awssdk.http.Abortable {
        @Override
        public void abort() {
            answer.abort();
        }
    }
}
