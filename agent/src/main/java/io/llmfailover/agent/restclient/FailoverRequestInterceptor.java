package io.llmfailover.agent.restclient;

import io.llmfailover.agent.bootstrap.CallDepth;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * The interceptor placed last in every RestClient and RestTemplate: hands governed calls to the
 * runtime with a transport that replays the buffered body through the rest of the execution, and
 * gives the app an ordinary {@link ClientHttpResponse}. Anything going wrong inside the agent lets
 * the call proceed as if the agent were absent.
 */
final class FailoverRequestInterceptor implements ClientHttpRequestInterceptor {

    private final Supplier<CallGovernor> governor;
    private final ExecutorService executor;

    FailoverRequestInterceptor(Supplier<CallGovernor> governor, ExecutorService executor) {
        this.governor = governor;
        this.executor = executor;
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        CallGovernor governing = governorOf(request);
        if (governing == null) {
            return execution.execute(request, body);
        }
        LlmRequest neutral = SpringRequestMapping.toNeutral(request, body);
        LlmResponse answer;
        // Whatever the transport underneath, its own adapter must leave this call alone.
        CallDepth.enter();
        try {
            answer = governing.execute(neutral, new ExecutionTransport(execution, request, neutral, body, executor));
        } catch (FirstByteTimeoutException e) {
            throw asReadTimeout(e);
        } catch (RuntimeException | Error e) {
            FailureLog.once("RestClient call", e);
            return execution.execute(request, body);
        } finally {
            CallDepth.exit();
        }
        return toAppResponse(answer);
    }

    private CallGovernor governorOf(HttpRequest request) {
        if (CallDepth.inCall()) {
            return null; // an attempt of a call governed further up this thread
        }
        try {
            CallGovernor current = governor.get();
            return current != null && current.governs(request.getURI()) ? current : null;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once("RestClient governs()", e);
            return null;
        }
    }

    private static ClientHttpResponse toAppResponse(LlmResponse answer) {
        if (answer instanceof SpringLlmResponse attempt && attempt.answersAppRequest()) {
            return attempt.nativeResponse();
        }
        return new RelayedClientHttpResponse(answer);
    }

    /** Our own timeout reaches the app the way a blocking client reports a read timeout. */
    private static SocketTimeoutException asReadTimeout(FirstByteTimeoutException e) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(e);
        return timeout;
    }
}
