package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hc.client5.http.HttpRoute;
import org.apache.hc.client5.http.async.AsyncExecCallback;
import org.apache.hc.client5.http.async.AsyncExecChain;
import org.apache.hc.client5.http.async.AsyncExecRuntime;
import org.apache.hc.core5.concurrent.Cancellable;
import org.apache.hc.core5.concurrent.ComplexCancellable;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.nio.AsyncDataConsumer;
import org.apache.hc.core5.http.support.BasicRequestBuilder;

/**
 * Sends each attempt down the rest of the app's async exec chain (protocol, connect, transport),
 * below the app's redirect stage, with a fresh producer of its bytes and a runtime and cancellable
 * of its own, then waits, on the adapter executor and never on the I/O reactor, for its response
 * head within the agent's deadline. The body stays with the connection and is read lazily through
 * a {@link ResponseBodyPipe}.
 */
final class AsyncTransport implements Transport {

    private final GovernedAsyncCall call;

    AsyncTransport(GovernedAsyncCall call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        AsyncExecChain.Scope scope = call.scope;
        HttpRequest request;
        HttpRoute route = scope.route;
        if (!attempt.original()) {
            request = Apache5Requests.toAsync(attempt.request());
            route = Apache5Requests.routeTo(attempt.request().uri(), scope.route);
        } else {
            // Always a copy: the protocol stage below adds its headers (Content-Length, Host) to the
            // request it is given, so the app's own one, sent again (its turn after a 429) or retried
            // by the app's stage above, must go out as the app made it.
            request = BasicRequestBuilder.copy(call.request).build();
            attempt.addedHeaders().forEach(request::addHeader);
        }
        Attempt sending = new Attempt(scope.execRuntime.fork());
        try {
            call.doing(sending);
            AsyncExecChain.Scope attemptScope = new AsyncExecChain.Scope(scope.exchangeId, route, request,
                    sending.cancellable, scope.clientContext, sending.runtime, scope.scheduler, scope.execCount);
            call.chain.proceed(request, Apache5Requests.entityOf(attempt.request()), attemptScope, sending);
            return sending.awaitHead(attempt.headDeadline());
        } catch (HttpException e) {
            sending.cancel();
            throw new Apache5HttpFailure(e);
        } catch (HeadDeadlineException agentDeadline) {
            throw agentDeadline;
        } catch (IOException e) {
            throw call.appGaveUp(e) ? new CallAbandonedException(e) : e;
        }
    }

    /**
     * One attempt: the callback the chain below answers, and its abort. A named class rather than
     * lambdas: see {@link io.llmfailover.agent.bootstrap.AdapterClassLoader} on linkage pitfalls.
     */
    static final class Attempt implements AsyncExecCallback, Cancellable {
        private final CompletableFuture<NativeResponse<AsyncResponseHead>> head = new CompletableFuture<>();
        private final ComplexCancellable cancellable = new ComplexCancellable();
        private final AsyncExecRuntime runtime;
        private volatile ResponseBodyPipe body;

        Attempt(AsyncExecRuntime runtime) {
            this.runtime = runtime;
        }

        NativeResponse<AsyncResponseHead> awaitHead(Duration timeout) throws IOException {
            try {
                return timeout == null ? head.get() : head.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                abandon();
                throw new HeadDeadlineException(timeout);
            } catch (InterruptedException e) {
                abandon();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for the response head");
            } catch (CancellationException e) {
                throw new InterruptedIOException("request cancelled");
            } catch (ExecutionException e) {
                throw asIoException(e.getCause());
            }
        }

        /** Gives up on the head: the attempt is aborted and a head that still comes is released. */
        private void abandon() {
            cancel();
            head.thenAccept(LateHeadRelease.INSTANCE);
        }

        @Override
        public AsyncDataConsumer handleResponse(HttpResponse response, EntityDetails entityDetails) {
            ResponseBodyPipe pipe = new ResponseBodyPipe();
            body = pipe;
            if (entityDetails == null) {
                pipe.end(null);
            }
            head.complete(AsyncResponseHead.received(response, entityDetails, pipe, this));
            return entityDetails == null ? null : pipe;
        }

        @Override
        public void handleInformationResponse(HttpResponse response) {
            // 1xx heads are the transport's business; the runtime sees the final one
        }

        @Override
        public void completed() {
            runtime.releaseEndpoint();
            ResponseBodyPipe pipe = body;
            if (pipe != null) {
                pipe.end(null);
            }
            head.completeExceptionally(new IOException("the exchange completed without a response"));
        }

        @Override
        public void failed(Exception cause) {
            runtime.discardEndpoint();
            ResponseBodyPipe pipe = body;
            if (pipe != null) {
                pipe.fail(cause);
            }
            head.completeExceptionally(cause);
        }

        /** Aborts the attempt in flight: its exchange is cancelled and its connection closed, nothing waited for. */
        @Override
        public boolean cancel() {
            boolean cancelled = cancellable.cancel();
            runtime.discardEndpoint();
            ResponseBodyPipe pipe = body;
            if (pipe != null) {
                pipe.end(new InterruptedIOException("request cancelled"));
            }
            head.completeExceptionally(new InterruptedIOException("request cancelled"));
            return cancelled;
        }

        private static IOException asIoException(Throwable cause) {
            if (cause instanceof IOException io) {
                return io;
            }
            if (cause instanceof HttpException http) {
                return new Apache5HttpFailure(http);
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            return new IOException(cause);
        }
    }

    /** Releases a head that arrived after the runtime gave up on it. */
    private enum LateHeadRelease implements java.util.function.Consumer<NativeResponse<AsyncResponseHead>> {
        INSTANCE;

        @Override
        public void accept(NativeResponse<AsyncResponseHead> late) {
            late.abort();
        }
    }
}
