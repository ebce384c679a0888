package io.llmfailover.agent.apache4;

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
import org.apache.http.HttpException;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpExecutionAware;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.conn.routing.HttpRoute;
import org.apache.http.impl.execchain.ClientExecChain;

/**
 * Wraps the client's protocol stage: hands governed calls to the runtime with a transport that
 * sends each attempt through that stage, and gives the app an ordinary response. Anything going
 * wrong inside the agent lets the call proceed as if the agent were absent.
 */
final class FailoverExecChain implements ClientExecChain {

    private final ClientExecChain protocolExec;
    private final Supplier<CallGovernor> governor;

    FailoverExecChain(ClientExecChain protocolExec, Supplier<CallGovernor> governor) {
        this.protocolExec = protocolExec;
        this.governor = governor;
    }

    @Override
    public CloseableHttpResponse execute(HttpRoute route, HttpRequestWrapper request, HttpClientContext context,
            HttpExecutionAware execAware) throws IOException, HttpException {
        URI uri = Apache4Requests.uriOf(request, route);
        CallGovernor governing = Governors.forCall(governor, uri, "Apache HttpClient 4");
        if (governing == null) {
            return protocolExec.execute(route, request, context, execAware);
        }
        byte[] body = Apache4Requests.bufferBody(request);
        LlmRequest neutral = Apache4Requests.toNeutral(request, uri, body);
        Attempts attempts = new Attempts(protocolExec, route, request, context, execAware, neutral);
        LlmResponse answer;
        try {
            answer = governing.execute(neutral, attempts);
        } catch (FirstByteTimeoutException e) {
            throw asReadTimeout(e);
        } catch (RuntimeException | Error e) {
            FailureLog.once("Apache HttpClient 4 call", e);
            return protocolExec.execute(route, request, context, execAware);
        }
        if (answer instanceof Apache4LlmResponse attempt && attempt.answersAppRequest()) {
            return attempt.nativeResponse();
        }
        return new RuntimeAnswer(answer);
    }


    /** Our own first-byte timeout reaches the app the way a socket read timeout would. */
    private static SocketTimeoutException asReadTimeout(FirstByteTimeoutException e) {
        SocketTimeoutException timeout = new SocketTimeoutException("Read timed out");
        timeout.initCause(e);
        return timeout;
    }
}
