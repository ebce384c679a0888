package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CappedCopy;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;

/** What is HttpClient 5 classic's own in the call lifecycle: its request, its exec chain, its response. */
final class ClassicBinding extends CallBinding<ClassicCall, ClassicHttpResponse> {

    static final ClassicBinding INSTANCE = new ClassicBinding();

    private ClassicBinding() {
        super("Apache HttpClient 5", HttpRequest.class.getClassLoader());
    }

    /** A body that cannot be written again is replaced by its copy, so the app's request can still be sent. */
    @Override
    public BufferedBody buffer(ClassicCall call, long limit) throws IOException {
        HttpEntity entity = call.request.getEntity();
        if (entity == null) {
            return BufferedBody.empty();
        }
        // writeTo, not getContent: a streaming entity (Spring's, for one) can only write itself.
        return CappedCopy.keepingSendable(entity.getContentLength(), entity.isRepeatable(), limit, entity::writeTo,
                bytes -> call.request.setEntity(copyOf(entity, bytes)));
    }

    private static ByteArrayEntity copyOf(HttpEntity entity, byte[] bytes) {
        ContentType type = entity.getContentType() == null ? null : ContentType.parseLenient(entity.getContentType());
        return new ByteArrayEntity(bytes, type, entity.getContentEncoding(), entity.isChunked());
    }

    @Override
    public Transport transport(ClassicCall call, LlmRequest neutral) {
        return new ClassicTransport(call);
    }

    /** Yes: each attempt forks the exec runtime, so holds an endpoint of its own. */
    @Override
    public boolean sendsConcurrently(ClassicCall call) {
        return true;
    }

    @Override
    public ClassicHttpResponse toApp(ClassicCall call, Answer answer) {
        ClassicHttpResponse own = NativeResponse.ownOf(answer, ClassicHttpResponse.class);
        if (own == null) {
            return ClassicResponses.toClassic(answer);
        }
        return answer.ownBodyUntouched() ? own : ClassicResponses.withBody(own, answer);
    }

    /**
     * The call as the app made it, down the rest of the chain. For an attempt another adapter
     * rewrote ({@link RewrittenExchanges}), a redirect loses its {@code Location}, so the app's
     * redirect stage above hands it back instead of following it.
     */
    @Override
    public ClassicHttpResponse proceed(ClassicCall call, BufferedBody body) throws IOException {
        ClassicHttpResponse response;
        try {
            response = call.chain.proceed(call.request, call.scope);
        } catch (HttpException e) {
            throw new Apache5HttpFailure(e);
        }
        if (RewrittenExchanges.isRewritten(call.scope.originalRequest)) {
            RewrittenExchanges.handBack(response);
        }
        return response;
    }

    /** Our own head deadline reaches the app the way a socket read timeout would. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.readTimedOut(expired);
    }
}
