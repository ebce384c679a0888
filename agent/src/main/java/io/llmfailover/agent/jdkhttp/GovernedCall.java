package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpTimeoutException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import javax.net.ssl.SSLSession;

/** One governed {@code send}: buffer the body, run the runtime, build the app's response with its own handler. */
final class GovernedCall<T> {

    private final CallGovernor governor;
    private final HttpClient client;
    private final HttpRequest appRequest;
    private final BodyHandler<T> handler;
    private final Executor executor;
    /** Made on the app's thread, so that a sendAsync run elsewhere still joins the app's trace. */
    private final CallerClassLoader.Captured caller = CallerClassLoader.capture(null);

    GovernedCall(CallGovernor governor, HttpClient client, HttpRequest appRequest, BodyHandler<T> handler, Executor executor) {
        this.governor = governor;
        this.client = client;
        this.appRequest = appRequest;
        this.handler = handler;
        this.executor = executor;
    }

    HttpResponse<T> run() throws IOException, InterruptedException {
        byte[] body = RequestBodyBytes.of(appRequest);
        LlmRequest neutral = JdkRequestMapping.toNeutral(appRequest, body);
        LlmResponse answer;
        try (CallerClassLoader.Scope app = caller.use()) {
            answer = governor.execute(neutral, new JdkHttpTransport(client, neutral, appRequest, executor));
        } catch (FirstByteTimeoutException e) {
            throw asJdkTimeout(e);
        } catch (InterruptedIOException e) {
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted while waiting for the response head");
            }
            throw e;
        } catch (RuntimeException | Error e) {
            FailureLog.once("HttpClient call", e);
            return proceedWithoutAgent(body);
        }
        return deliver(answer);
    }

    private HttpResponse<T> deliver(LlmResponse answer) throws IOException, InterruptedException {
        ResponseHead head;
        BodySubscriber<T> subscriber;
        try {
            head = headOf(answer);
            subscriber = handler.apply(head);
        } catch (RuntimeException e) {
            answer.close();
            throw e;
        }
        WaitingThreadExecutor reader = new WaitingThreadExecutor(executor);
        InputStreamSubscription.feed(subscriber, answer.body(), answer::close, reader);
        T body = awaitBody(subscriber, reader);
        return new FailoverHttpResponse<>(head, appRequest, body, sslSessionOf(answer));
    }

    private ResponseHead headOf(LlmResponse answer) {
        if (((io.llmfailover.runtime.http.Answer) answer).ownResponse() instanceof JdkLlmResponse attempt && attempt.answersAppRequest()) {
            HttpResponse<?> own = attempt.nativeResponse();
            return new ResponseHead(own.statusCode(), own.headers(), own.version());
        }
        HttpClient.Version version = ((io.llmfailover.runtime.http.Answer) answer).ownResponse() instanceof JdkLlmResponse attempt
                ? attempt.nativeResponse().version()
                : appRequest.version().orElse(client.version());
        return new ResponseHead(answer.status(), HttpHeaders.of(answer.headers().asMap(), (name, value) -> true), version);
    }

    private static Optional<SSLSession> sslSessionOf(LlmResponse answer) {
        return ((io.llmfailover.runtime.http.Answer) answer).ownResponse() instanceof JdkLlmResponse attempt ? attempt.nativeResponse().sslSession() : Optional.empty();
    }

    private static <T> T awaitBody(BodySubscriber<T> subscriber, WaitingThreadExecutor reader)
            throws IOException, InterruptedException {
        CompletableFuture<T> body = subscriber.getBody().toCompletableFuture();
        try {
            reader.runUntilDone(body);
            return body.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new IOException(cause);
        } catch (InterruptedException e) {
            body.cancel(true);
            throw e;
        }
    }

    /** The call as if the agent were absent: the app's request (body from the copy), sent once, not governed. */
    private HttpResponse<T> proceedWithoutAgent(byte[] body) throws IOException, InterruptedException {
        CallDepth.enter();
        try {
            return client.send(JdkRequestMapping.withBody(appRequest, body), handler);
        } finally {
            CallDepth.exit();
        }
    }

    /** Our own first-byte timeout reaches the app the way the JDK client reports a timeout. */
    private static HttpTimeoutException asJdkTimeout(FirstByteTimeoutException e) {
        HttpTimeoutException timeout = new HttpTimeoutException("request timed out");
        timeout.initCause(e);
        return timeout;
    }
}
