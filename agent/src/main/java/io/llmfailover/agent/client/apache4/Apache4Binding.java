package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.AnswerBody;
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
import org.apache.http.HttpEntity;
import org.apache.http.HttpEntityEnclosingRequest;
import org.apache.http.HttpRequest;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.entity.ByteArrayEntity;
import org.apache.http.entity.InputStreamEntity;

/** What is HttpClient 4's own in the call lifecycle: its request wrapper, its protocol stage, its response. */
final class Apache4Binding extends CallBinding<Apache4Call, CloseableHttpResponse> {

    static final Apache4Binding INSTANCE = new Apache4Binding();

    private Apache4Binding() {
        super("Apache HttpClient 4", HttpRequest.class.getClassLoader());
    }

    /** A body that cannot be written again is replaced by its copy, so the app's request can still be sent. */
    @Override
    public BufferedBody buffer(Apache4Call call, long limit) throws IOException {
        if (!(call.request instanceof HttpEntityEnclosingRequest enclosing) || enclosing.getEntity() == null) {
            return BufferedBody.empty();
        }
        HttpEntity entity = enclosing.getEntity();
        // writeTo, not getContent: a streaming entity (Spring's, for one) can only write itself.
        return CappedCopy.keepingSendable(entity.getContentLength(), entity.isRepeatable(), limit, entity::writeTo,
                bytes -> enclosing.setEntity(copyOf(entity, bytes)));
    }

    private static ByteArrayEntity copyOf(HttpEntity entity, byte[] bytes) {
        ByteArrayEntity copy = new ByteArrayEntity(bytes);
        copy.setContentType(entity.getContentType());
        copy.setContentEncoding(entity.getContentEncoding());
        copy.setChunked(entity.isChunked());
        return copy;
    }

    @Override
    public Transport transport(Apache4Call call, LlmRequest neutral) {
        return new Apache4Transport(call);
    }

    /** Yes: each attempt leases a connection of its own and is aborted with it. */
    @Override
    public boolean sendsConcurrently(Apache4Call call) {
        return true;
    }

    @Override
    public CloseableHttpResponse toApp(Apache4Call call, Answer answer) {
        CloseableHttpResponse own = NativeResponse.ownOf(answer, CloseableHttpResponse.class);
        if (own == null) {
            return new RuntimeAnswer(answer);
        }
        HttpEntity entity = own.getEntity();
        if (!answer.ownBodyUntouched() && entity != null) {
            InputStreamEntity watched = new InputStreamEntity(AnswerBody.of(answer), entity.getContentLength());
            watched.setContentType(entity.getContentType());
            watched.setContentEncoding(entity.getContentEncoding());
            watched.setChunked(entity.isChunked());
            own.setEntity(watched);
        }
        return own;
    }

    @Override
    public CloseableHttpResponse proceed(Apache4Call call, BufferedBody body) throws IOException {
        return Apache4Transport.execute(call.protocolExec, call.route, call.request, call.context, call.execAware);
    }

    /** Our own head deadline reaches the app the way a socket read timeout would. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.readTimedOut(expired);
    }
}
