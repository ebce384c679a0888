package io.llmfailover.agent.okhttp;

import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.bootstrap.Governors;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.LlmResponse;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.function.Supplier;
import okhttp3.Interceptor;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * The application interceptor placed first in every OkHttp client: hands governed calls to the
 * runtime with a transport that replays the buffered request down the rest of the chain, and
 * gives the app an ordinary OkHttp response. Anything going wrong inside the agent lets the call
 * proceed as if the agent were absent.
 */
final class FailoverInterceptor implements Interceptor {

    private final Supplier<CallGovernor> governor;

    FailoverInterceptor(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        CallGovernor governing = Governors.forCall(governor, request.url().uri(), "OkHttp");
        RequestBody body = request.body();
        if (governing == null || RequestBodyCopy.isDuplex(body)) {
            return chain.proceed(request);
        }
        byte[] bytes = RequestBodyCopy.bytesOf(body);
        Request replayable = RequestBodyCopy.isOneShot(body) ? OkHttpRequestMapping.withBody(request, bytes) : request;
        LlmRequest neutral = OkHttpRequestMapping.toNeutral(replayable, bytes);
        LlmResponse answer;
        try (CallerClassLoader.Scope caller = CallerClassLoader.use(Request.class.getClassLoader())) {
            answer = governing.execute(neutral, new OkHttpTransport(chain, neutral, replayable));
        } catch (FirstByteTimeoutException e) {
            throw asOkHttpTimeout(e);
        } catch (RuntimeException | Error e) {
            FailureLog.once("OkHttp call", e);
            return chain.proceed(replayable);
        }
        try {
            return toAppResponse(answer, request);
        } catch (RuntimeException e) {
            answer.close();
            FailureLog.once("OkHttp response", e);
            return chain.proceed(replayable);
        }
    }


    /**
     * The native response when the answer is the app's own request's (its body maybe watched by
     * telemetry on the way), else one built from the runtime's answer.
     */
    private static Response toAppResponse(LlmResponse answer, Request appRequest) {
        if (((io.llmfailover.runtime.http.Answer) answer).ownResponse() instanceof OkHttpLlmResponse attempt) {
            Response upstream = attempt.nativeResponse();
            if (attempt.answersAppRequest()) {
                return attempt == answer ? upstream : OkHttpResponseMapping.withBody(upstream, answer);
            }
            return OkHttpResponseMapping.toOkHttp(answer, appRequest, upstream.protocol());
        }
        return OkHttpResponseMapping.toOkHttp(answer, appRequest, Protocol.HTTP_1_1);
    }

    /** Our own timeout reaches the app the way OkHttp reports a read timeout. */
    private static SocketTimeoutException asOkHttpTimeout(FirstByteTimeoutException e) {
        SocketTimeoutException timeout = new SocketTimeoutException("timeout");
        timeout.initCause(e);
        return timeout;
    }
}
