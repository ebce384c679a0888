package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.bootstrap.HeadDeadline;
import io.llmfailover.runtime.contract.AttemptRequest;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.contract.WholeBodyStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * Sends each attempt with the app's own {@code HttpClient}, a blocking {@code send} on the calling
 * thread, and returns as soon as the head arrived: the body stays an unread stream (or, for a call
 * that does not stream, is read whole by the client's own {@code ofByteArray()}, one wake-up instead
 * of two). The app's handler gets the body afterwards, on the app's thread: a body subscriber that is
 * not one of the JDK's own (one wrapping the app's, say) would cost every call a hop to the client's
 * executor, since the client cannot trust it not to block.
 *
 * <p>The agent's head deadline applies only where it is shorter than the app's own request
 * timeout; the app's timeout expiring, or the app interrupting or cancelling the call, ends the
 * call ({@link CallAbandonedException}). Up to JDK 25 a request's timeout ends when the head
 * arrives, so the agent's deadline is that timeout; JDK 26 extends it to the body, which would cut a
 * long stream, so there the attempt is sent from an agent thread, waited for up to the deadline and
 * interrupted past it (the client then aborts the exchange). An attempt the runtime rewrote goes
 * through {@link NeverRedirectingClients}: it never follows a redirect. Never the client's {@code sendAsync}:
 * its answer hops to CompletableFuture's default executor, which on a JVM with two or fewer
 * processors starts a new thread for every call.
 */
final class JdkHttpTransport implements Transport {

    /** Whether a request's timeout covers the head only, so that it can be the head deadline. */
    static final boolean REQUEST_TIMEOUT_ENDS_AT_HEAD = Runtime.version().feature() < 26;

    private final JdkGovernedCall<?> call;

    JdkHttpTransport(JdkGovernedCall<?> call) {
        this.call = call;
    }

    @Override
    public LlmResponse send(AttemptRequest attempt) throws IOException {
        if (call.abandoned()) {
            throw new CallAbandonedException(new IOException("the app cancelled the call"));
        }
        Duration deadline = agentDeadline(attempt.headDeadline());
        boolean hop = deadline != null && !REQUEST_TIMEOUT_ENDS_AT_HEAD;
        Duration requestTimeout = hop ? null : deadline;
        HttpRequest request = attempt.original()
                ? JdkRequestMapping.forAttempt(call.appRequest, call.body, attempt.addedHeaders(), requestTimeout)
                : JdkRequestMapping.toJdk(attempt.request(), call.appRequest, requestTimeout);
        HttpClient client = attempt.original() ? call.client : NeverRedirectingClients.forRewritten(call.client);
        try {
            if (hop) {
                HttpResponse<InputStream> head = HeadDeadline.await(deadline, () -> sendFromAgentThread(client, request),
                        () -> {}, JdkHttpTransport::abortLate);
                return ReceivedResponse.of(head, head.body());
            }
            if (!attempt.streamed()) {
                return readWhole(client.send(request, BodyHandlers.ofByteArray()));
            }
            HttpResponse<InputStream> head = client.send(request, info -> new AttemptBodyStream());
            return ReceivedResponse.of(head, head.body());
        } catch (HttpConnectTimeoutException unreachable) {
            throw unreachable; // the app's connect timeout: this provider cannot be reached
        } catch (HttpTimeoutException timedOut) {
            throw deadline != null && !hop ? headDeadlinePassed(deadline, timedOut) : new CallAbandonedException(timedOut);
        } catch (InterruptedException interrupted) {
            throw new CallAbandonedException(new JdkGovernedCall.Interrupted(interrupted));
        } catch (CallAbandonedException | HeadDeadlineException classified) {
            throw classified;
        } catch (IOException e) {
            throw call.abandoned() ? new CallAbandonedException(e) : e;
        }
    }

    private static LlmResponse readWhole(HttpResponse<?> whole) {
        return ReceivedResponse.of(whole, new WholeBodyStream((byte[]) whole.body()));
    }

    /** The agent's deadline where it is shorter than the app's own timeout, else null. */
    private Duration agentDeadline(Duration headDeadline) {
        Duration appTimeout = call.appRequest.timeout().orElse(ChronoUnit.FOREVER.getDuration());
        return headDeadline != null && headDeadline.compareTo(appTimeout) < 0 ? headDeadline : null;
    }

    private static HttpResponse<InputStream> sendFromAgentThread(HttpClient client, HttpRequest request)
            throws IOException {
        try {
            return client.send(request, info -> new AttemptBodyStream());
        } catch (InterruptedException abandoned) {
            throw new InterruptedIOException("the head deadline passed");
        }
    }

    /** Closing the client's body stream before its end cancels the exchange; nothing is read. */
    private static void abortLate(HttpResponse<InputStream> late) {
        try {
            late.body().close();
        } catch (IOException ignored) {
            // released either way
        }
    }

    private static HeadDeadlineException headDeadlinePassed(Duration deadline, HttpTimeoutException cause) {
        HeadDeadlineException expired = new HeadDeadlineException(deadline);
        expired.initCause(cause);
        return expired;
    }
}
