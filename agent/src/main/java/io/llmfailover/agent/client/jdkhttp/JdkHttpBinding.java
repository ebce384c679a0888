package io.llmfailover.agent.client.jdkhttp;

import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.HeaderRemoval;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;

/** What is the JDK client's own in the call lifecycle: its request, its body publisher, its response. */
final class JdkHttpBinding extends CallBinding<JdkGovernedCall<?>, HttpResponse<?>> {

    static final JdkHttpBinding INSTANCE = new JdkHttpBinding();

    /** The JDK's own client sees no app class: the app's OpenTelemetry is found through the calling thread's context loader. */
    private JdkHttpBinding() {
        super("HttpClient", null);
    }

    /** The app's request cannot change, and the client's own {@code send} would send it as it is. */
    @Override
    public HeaderRemoval headerRemoval() {
        return HeaderRemoval.FROM_A_COPY;
    }

    @Override
    public BufferedBody buffer(JdkGovernedCall<?> call, long limit) throws IOException {
        BufferedBody body = RequestBodyBytes.of(call.appRequest, limit);
        if (body.fits()) {
            call.body = body.bytes();
        }
        return body;
    }

    @Override
    public Transport transport(JdkGovernedCall<?> call, LlmRequest neutral) {
        return new JdkHttpTransport(call);
    }

    /** Yes: each attempt is its own exchange of the app's HttpClient, and an interrupted send cancels it. */
    @Override
    public boolean sendsConcurrently(JdkGovernedCall<?> call) {
        return true;
    }

    @Override
    public HttpResponse<?> toApp(JdkGovernedCall<?> call, Answer answer) throws IOException {
        return call.toApp(answer);
    }

    @Override
    public HttpResponse<?> proceed(JdkGovernedCall<?> call, BufferedBody body) throws IOException {
        return call.proceed(body);
    }

    /** Our own head deadline reaches the app the way the JDK client reports a timeout. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        HttpTimeoutException timeout = new HttpTimeoutException("request timed out");
        timeout.initCause(expired);
        return timeout;
    }
}
