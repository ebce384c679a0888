package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentExecutor;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallCompletion;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.CallRequest;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.agent.lifecycle.RunningCall;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.InMemoryBody;
import io.llmfailover.runtime.contract.LlmRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * One governed {@code send} or {@code sendAsync} of the app's {@link HttpClient}: the app's
 * request and body handler, the body once buffered, and whether the app gave up on the call.
 */
final class JdkGovernedCall<T> implements CallRequest {

    final HttpClient client;
    /** The app's request, or its copy without the agent's own headers once taken ({@link #takeHeader}). */
    HttpRequest appRequest;
    private boolean headersTaken;
    private final BodyHandler<T> handler;
    private final Executor bodyPump;
    /** The request body as buffered by the lifecycle; what every attempt of the app's request sends. */
    byte[] body = new byte[0];

    private volatile boolean abandoned;

    private JdkGovernedCall(HttpClient client, HttpRequest appRequest, BodyHandler<T> handler, Executor bodyPump) {
        this.client = client;
        this.appRequest = appRequest;
        this.handler = handler;
        this.bodyPump = bodyPump;
    }

    /** The call, or null when an argument is null: the client itself reports that. */
    static JdkGovernedCall<?> of(Object client, Object request, Object handler, Executor bodyPump) {
        if (request == null || handler == null) {
            return null;
        }
        return new JdkGovernedCall<>((HttpClient) client, (HttpRequest) request, (BodyHandler<?>) handler, bodyPump);
    }

    /** The JDK's requests cannot change: {@code name} goes by taking a copy without it. Its first value, or null. */
    @Override
    public String takeHeader(String name) {
        String value = appRequest.headers().firstValue(name).orElse(null);
        if (value != null) {
            appRequest = HttpRequest.newBuilder(appRequest, (header, any) -> !header.equalsIgnoreCase(name)).build();
            headersTaken = true;
        }
        return value;
    }

    /** The client's own {@code sendAsync}, ungoverned, of the copy without the agent's headers: the app's own request still has them. */
    private HookOutcome sentAsyncByTheClient() {
        try (AttemptGuard.Scope appsOwn = AttemptGuard.enter()) {
            return HookOutcome.returning(client.sendAsync(appRequest, handler));
        }
    }

    /** {@code send}, on the app's thread; an interrupt ends it as the JDK's own would. */
    @SuppressWarnings("unchecked")
    HttpResponse<T> send(Governance governance) throws IOException, InterruptedException {
        try {
            return (HttpResponse<T>) CallLifecycle.run(JdkHttpBinding.INSTANCE, this, governance);
        } catch (Interrupted e) {
            throw e.asInterruptedException();
        } catch (InterruptedIOException e) {
            if (Thread.interrupted()) {
                InterruptedException interrupted = new InterruptedException(e.getMessage());
                interrupted.initCause(e);
                throw interrupted;
            }
            throw e;
        }
    }

    /**
     * {@code sendAsync}: returns at once, the call running on an agent thread; cancelling the
     * future abandons the call, and interrupts the attempt in flight, which makes the client abort
     * it. When the agent's threads are all busy the client's own {@code sendAsync} sends the call
     * ungoverned, rather than block the app's thread: null lets the client's method run, unless the
     * agent's own headers were taken off a copy, which is then sent.
     */
    HookOutcome sendAsync(Governance governance, AgentExecutor calls) {
        CompletableFuture<HttpResponse<T>> response = new CompletableFuture<>();
        RunningCall<JdkGovernedCall<?>, HttpResponse<?>> running =
                CallLifecycle.runAsync(JdkHttpBinding.INSTANCE, this, governance, calls, new FutureCompletion<>(response));
        if (running == null) {
            return headersTaken ? sentAsyncByTheClient() : null;
        }
        response.whenComplete((done, failure) -> {
            if (response.isCancelled()) {
                abandoned = true;
                running.interrupt();
            }
        });
        return HookOutcome.returning(response);
    }

    @Override
    public String methodName() {
        return appRequest.method();
    }

    @Override
    public URI uri() {
        return appRequest.uri();
    }

    @Override
    public LlmRequest toNeutral(byte[] body) {
        return JdkRequestMapping.toNeutral(appRequest, body);
    }

    /** Completes the app's future; a response the app no longer waits for (it cancelled) has its body closed. */
    private record FutureCompletion<T>(CompletableFuture<HttpResponse<T>> response) implements CallCompletion<HttpResponse<?>> {

        @Override
        @SuppressWarnings("unchecked")
        public void answered(HttpResponse<?> done) {
            if (!response.complete((HttpResponse<T>) done) && done.body() instanceof AutoCloseable unwanted) {
                try {
                    unwanted.close();
                } catch (Exception ignored) {
                    // the app cancelled: nobody reads this body
                }
            }
        }

        @Override
        public void failed(Throwable failure) {
            response.completeExceptionally(failure);
        }
    }

    boolean abandoned() {
        return abandoned;
    }

    /**
     * The app's response for the runtime's answer, its body produced by the app's own handler: the
     * native head, TLS session and redirect history when the answer is the app's own request's.
     */
    HttpResponse<T> toApp(Answer answer) throws IOException {
        ReceivedResponse received = NativeResponse.ownOf(answer, ReceivedResponse.class);
        HttpResponse<?> own = received != null ? received.response() : null;
        ResponseHead head = own != null
                ? new ResponseHead(own.statusCode(), own.headers(), own.version())
                : new ResponseHead(answer.status(), HttpHeaders.of(answer.headers().asMap(), (name, value) -> true),
                        appRequest.version().orElse(client.version()));
        BodySubscriber<T> subscriber = handler.apply(head);
        InputStream stream = answer.body();
        T body;
        if (stream instanceof InMemoryBody) {
            // Nothing left to wait for on the network: the subscriber is fed on whichever thread asks for more.
            InputStreamSubscription.feed(subscriber, stream, answer::close, Runnable::run);
            body = awaitBody(subscriber.getBody().toCompletableFuture(), answer);
        } else {
            WaitingThreadExecutor reader = new WaitingThreadExecutor(bodyPump);
            InputStreamSubscription.feed(subscriber, stream, answer::close, reader);
            body = awaitBody(subscriber, reader, answer);
        }
        return own != null
                ? FailoverHttpResponse.withNativeHead(own, appRequest, body)
                : new FailoverHttpResponse<>(head, appRequest, appRequest.uri(), body, java.util.Optional.empty(), null);
    }

    private static <T> T awaitBody(BodySubscriber<T> subscriber, WaitingThreadExecutor reader, Answer answer)
            throws IOException {
        CompletableFuture<T> body = subscriber.getBody().toCompletableFuture();
        try {
            reader.runUntilDone(body);
        } catch (InterruptedException e) {
            body.cancel(true);
            answer.abort();
            throw new Interrupted(e);
        }
        return awaitBody(body, answer);
    }

    private static <T> T awaitBody(CompletableFuture<T> body, Answer answer) throws IOException {
        try {
            return body.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(cause);
        } catch (InterruptedException e) {
            body.cancel(true);
            answer.abort();
            throw new Interrupted(e);
        }
    }

    /** The call as if the agent were absent, sent once: the app's request, its body from the copy once read. */
    HttpResponse<T> proceed(BufferedBody buffered) throws IOException {
        HttpRequest request = buffered != null && buffered.fits()
                ? JdkRequestMapping.withBody(appRequest, buffered.bytes())
                : appRequest;
        try {
            return client.send(request, handler);
        } catch (InterruptedException e) {
            throw new Interrupted(e);
        }
    }

    /** The client's {@code InterruptedException}, carried through the lifecycle's IOException paths to the app. */
    static final class Interrupted extends InterruptedIOException {
        private final InterruptedException interruption;

        Interrupted(InterruptedException interruption) {
            super("interrupted");
            this.interruption = interruption;
            initCause(interruption);
        }

        /** As the JDK's {@code send} throws it: the interrupt is consumed by the exception. */
        InterruptedException asInterruptedException() {
            Thread.interrupted();
            return interruption;
        }
    }
}
