package io.llmfailover.agent.client.okhttp;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;

/** What is OkHttp's own in the call lifecycle: its request, its chain, its response. */
final class OkHttpBinding extends CallBinding<OkHttpCall, Response> {

    static final OkHttpBinding INSTANCE = new OkHttpBinding();

    private OkHttpBinding() {
        super("OkHttp", Request.class.getClassLoader());
    }

    @Override
    public BufferedBody buffer(OkHttpCall call, long limit) throws IOException {
        return RequestBodyCopy.of(call.appRequest.body(), limit,
                bytes -> call.replayable = OkHttpRequestMapping.withBody(call.appRequest, bytes));
    }

    @Override
    public Transport transport(OkHttpCall call, LlmRequest neutral) {
        return new OkHttpTransport(call.chain, call.replayable, () -> call.answered);
    }

    /**
     * Yes, when the app's client can be found from its call: the first attempt goes down the app's
     * chain, and a hedge beside it as a call of its own ({@link HedgeClients}), since an OkHttp call
     * holds one exchange at a time.
     */
    @Override
    public boolean sendsConcurrently(OkHttpCall call) {
        return HedgeClients.forCall(call.chain.call()).isPresent();
    }

    @Override
    public Response toApp(OkHttpCall call, Answer answer) {
        Response own = NativeResponse.ownOf(answer, Response.class);
        if (own != null) {
            return answer.ownBodyUntouched() ? own : OkHttpResponseMapping.withBody(own, answer, call.chain.call());
        }
        return OkHttpResponseMapping.toOkHttp(answer, call.appRequest, Protocol.HTTP_1_1, call.chain.call());
    }

    @Override
    public Response proceed(OkHttpCall call, BufferedBody body) throws IOException {
        return call.chain.proceed(call.replayable);
    }

    /** Our own head deadline reaches the app the way OkHttp reports a read timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.socketTimeout("timeout", expired);
    }
}
