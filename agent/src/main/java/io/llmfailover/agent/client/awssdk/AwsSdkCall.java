package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.lifecycle.AppWait;
import io.llmfailover.agent.lifecycle.CallCompletion;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;

/**
 * One governed call of an AWS SDK async HTTP client, run through the call lifecycle on an agent
 * thread: the app's client and request, the SDK's response handler, told exactly once of the
 * answer or the failure, and the future the SDK got in place of the client's own. The SDK ends that
 * future with a failure when it gives up (its attempt timeout, its call's cancellation): the call is
 * then abandoned, and whatever is in flight for it is let go of.
 */
final class AwsSdkCall implements CallCompletion<SdkAnswer> {

    final SdkAsyncHttpClient client;
    final URI uri;
    /** The SDK's request, or its copy without the agent's own header once taken ({@link #takeHeader}). */
    private AsyncExecuteRequest request;
    private final AppWait appWait = new AppWait();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();

    AwsSdkCall(SdkAsyncHttpClient client, AsyncExecuteRequest request) {
        this.client = client;
        this.request = request;
        this.uri = request.request().getUri();
        ended.whenComplete((done, failure) -> {
            if (failure != null) {
                appWait.abandon();
            }
        });
    }

    AsyncExecuteRequest request() {
        return request;
    }

    /** The SDK's requests cannot change: {@code name} goes by taking a copy without it. Its first value, or null. */
    String takeHeader(String name) {
        String value = request.request().firstMatchingHeader(name).orElse(null);
        if (value != null) {
            request = SdkRequests.withRequest(request, request.request().toBuilder().removeHeader(name).build());
        }
        return value;
    }

    AppWait appWait() {
        return appWait;
    }

    /** What the SDK waits on: done once its handler had the whole answer, or failed. */
    CompletableFuture<Void> ended() {
        return ended;
    }

    /** Hands the answer to the SDK's handler, head then body; the call ends with the body. */
    @Override
    public void answered(SdkAnswer answer) {
        if (!appWait.deliver()) {
            answer.letGo().run();
            return;
        }
        SdkAsyncHttpResponseHandler handler = request.responseHandler();
        answer.ended().whenComplete((done, failure) -> {
            if (failure == null) {
                ended.complete(null);
            } else {
                ended.completeExceptionally(failure);
            }
        });
        handler.onHeaders(answer.head());
        handler.onStream(answer.body());
    }

    @Override
    public void failed(Throwable failure) {
        if (appWait.deliver()) {
            request.responseHandler().onError(failure);
            ended.completeExceptionally(failure);
        }
    }

    /** Sends the call as the app made it (less the agent's header), ungoverned: the client answers the SDK itself. */
    CompletableFuture<Void> sendUngoverned() {
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            return client.execute(request);
        }
    }
}
