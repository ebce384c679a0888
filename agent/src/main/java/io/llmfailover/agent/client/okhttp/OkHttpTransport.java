package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import okhttp3.Call;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

/**
 * Sends each attempt down the rest of the app's own interceptor chain: its connection pool, TLS,
 * proxy, authenticators and network interceptors. The app's own request goes as the app made it
 * (with trace context added); a rewritten one carries its credential as a tag for the host it
 * belongs to.
 */
final class OkHttpTransport implements Transport {

    /** A hedged call's attempt with no head deadline of the agent's still waits on another thread, to be cut. */
    private static final Duration NO_HEAD_DEADLINE = Duration.ofDays(365);

    private final Interceptor.Chain chain;
    private final Request appRequest;
    /** The last attempt's response: closed on the app's thread before the next attempt, as OkHttp requires. */
    private volatile Response previous;
    /** Attempts of a hedged call sent so far: the first goes down the app's chain, a hedge beside it does not. */
    private final AtomicInteger racedAttempts = new AtomicInteger();

    /** Whether the interceptor has handed its response back to OkHttp, after which the chain sends nothing more. */
    private final BooleanSupplier chainDone;

    /** @param appRequest the app's request, its body replayable */
    OkHttpTransport(Interceptor.Chain chain, Request appRequest, BooleanSupplier chainDone) {
        this.chain = chain;
        this.appRequest = appRequest;
        this.chainDone = chainDone;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        if (AgentThreads.isSendingConcurrently()) {
            return sendRaced(attempt);
        }
        if (chainDone.getAsBoolean()) {
            return sendAfterTheCall(attempt);
        }
        Request request = attempt.original()
                ? OkHttpRequestMapping.withAddedHeaders(appRequest, attempt.addedHeaders())
                : OkHttpRequestMapping.toOkHttp(attempt.request(), appRequest);
        int appReadTimeout = chain.readTimeoutMillis();
        Duration deadline = attempt.headDeadline();
        boolean agentDeadlineFirst = deadline != null
                && (appReadTimeout <= 0 || deadline.toMillis() < appReadTimeout);
        closePrevious();
        AttemptConnection connection = new AttemptConnection();
        try {
            Response response = AttemptConnection.catching(connection, () -> proceed(request, agentDeadlineFirst,
                    deadline, appReadTimeout));
            previous = response;
            return OkHttpResponseMapping.toNeutral(response, connection, chain.call());
        } catch (SocketTimeoutException e) {
            throw classified(e, agentDeadlineFirst, deadline);
        } catch (IOException e) {
            throw chain.call().isCanceled() ? new CallAbandonedException(e) : e;
        }
    }

    /**
     * One attempt of a hedged call, on an agent thread of its own. The first goes down the app's
     * chain; the hedge, which races it, is a call of its own on the {@link HedgeClients hedge
     * client}, since an OkHttp call holds one exchange at a time. Either is waited for on another
     * agent thread ({@link HeadDeadline}), so that the race's interrupt cuts the loser's exchange.
     */
    private LlmResponse sendRaced(AttemptRequest attempt) throws IOException {
        Duration deadline = attempt.headDeadline() != null ? attempt.headDeadline() : NO_HEAD_DEADLINE;
        AttemptConnection connection = new AttemptConnection();
        Response response;
        try {
            response = racedResponse(attempt, deadline, connection);
        } catch (CallAbandonedException | HeadDeadlineException classified) {
            throw classified;
        } catch (IOException e) {
            throw chain.call().isCanceled() ? new CallAbandonedException(e) : e;
        }
        return OkHttpResponseMapping.toNeutral(response, connection, chain.call());
    }

    private Response racedResponse(AttemptRequest attempt, Duration deadline, AttemptConnection connection)
            throws IOException {
        Response response;
        if (racedAttempts.getAndIncrement() == 0) {
            Request request = attempt.original()
                    ? OkHttpRequestMapping.withAddedHeaders(appRequest, attempt.addedHeaders())
                    : OkHttpRequestMapping.toOkHttp(attempt.request(), appRequest);
            response = HeadDeadline.await(deadline, () -> AttemptConnection.catching(connection, () -> chain.proceed(request)),
                    connection::cut, Response::close);
            previous = response;
        } else {
            response = besideTheChain(attempt, deadline, connection);
        }
        return response;
    }

    /**
     * An attempt made once the app had its response (a fallback finishing a broken stream): a call
     * of its own on the {@link HedgeClients hedge client}, since the app's chain is done.
     */
    private LlmResponse sendAfterTheCall(AttemptRequest attempt) throws IOException {
        Duration deadline = attempt.headDeadline() != null ? attempt.headDeadline() : NO_HEAD_DEADLINE;
        AttemptConnection connection = new AttemptConnection();
        try {
            return OkHttpResponseMapping.toNeutral(besideTheChain(attempt, deadline, connection), connection, chain.call());
        } catch (CallAbandonedException | HeadDeadlineException classified) {
            throw classified;
        } catch (IOException e) {
            throw chain.call().isCanceled() ? new CallAbandonedException(e) : e;
        }
    }

    /** A call of its own on the hedge client, waited for on another agent thread so that a deadline cuts it. */
    private Response besideTheChain(AttemptRequest attempt, Duration deadline, AttemptConnection connection)
            throws IOException {
        Call beside = HedgeClients.forCall(chain.call()).orElseThrow()
                .newCall(OkHttpRequestMapping.toOkHttp(attempt.request(), appRequest));
        return HeadDeadline.await(deadline, () -> AttemptConnection.catching(connection, beside::execute),
                beside::cancel, Response::close);
    }

    private Response proceed(Request request, boolean agentDeadlineFirst, Duration deadline, int appReadTimeout)
            throws IOException {
        if (!agentDeadlineFirst) {
            return chain.proceed(request);
        }
        int headDeadline = (int) Math.max(1, Math.min(Integer.MAX_VALUE, deadline.toMillis()));
        Interceptor.Chain timed = chain.withReadTimeout(headDeadline, TimeUnit.MILLISECONDS);
        return HeadDeadlineRelease.waitingForHead(appReadTimeout, () -> timed.proceed(request));
    }

    private void closePrevious() {
        if (previous != null) {
            previous.close();
            previous = null;
        }
    }

    /**
     * A timeout is the agent's head deadline (fail over), the app's own read timeout or
     * cancellation (the app gave up), or a connect timeout (the provider is unreachable).
     */
    private IOException classified(SocketTimeoutException e, boolean agentDeadlineFirst, Duration deadline) {
        if (chain.call().isCanceled()) {
            return new CallAbandonedException(e);
        }
        if (isConnectTimeout(e)) {
            return e;
        }
        if (!agentDeadlineFirst) {
            return new CallAbandonedException(e);
        }
        HeadDeadlineException timeout = new HeadDeadlineException(deadline);
        timeout.initCause(e);
        return timeout;
    }

    private static boolean isConnectTimeout(SocketTimeoutException e) {
        String message = e.getMessage();
        return message != null && message.toLowerCase(Locale.ROOT).contains("connect");
    }
}
