package io.llmfailover.agent.apache5;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.bootstrap.Governors;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.util.function.Supplier;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;

/**
 * The classic client's exec handler: hands governed calls to the runtime with a transport that
 * sends each attempt down the rest of the chain, and gives the app an ordinary classic response.
 * Anything going wrong inside the agent lets the call proceed as if the agent were absent.
 */
final class FailoverExecHandler implements ExecChainHandler {

    private final Supplier<CallGovernor> governor;

    FailoverExecHandler(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        URI uri = Apache5Requests.uriOf(request, scope.route);
        CallGovernor governing = Governors.forCall(governor, uri, "Apache HttpClient 5");
        if (governing == null) {
            return chain.proceed(request, scope);
        }
        byte[] body = Apache5Requests.bufferBody(request);
        LlmRequest neutral = Apache5Requests.toNeutral(request, uri, body);
        LlmResponse answer;
        try {
            answer = governing.execute(neutral, new ClassicTransport(scope, chain, neutral, request));
        } catch (FirstByteTimeoutException e) {
            throw asReadTimeout(e);
        } catch (RuntimeException | Error e) {
            FailureLog.once("Apache HttpClient 5 call", e);
            return chain.proceed(request, scope);
        }
        if (answer instanceof ClassicLlmResponse attempt && attempt.answersAppRequest()) {
            return attempt.nativeResponse();
        }
        return ClassicResponses.toClassic(answer);
    }


    /** Our own first-byte timeout reaches the app the way a socket read timeout would. */
    static SocketTimeoutException asReadTimeout(FirstByteTimeoutException e) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(e);
        return timeout;
    }
}
