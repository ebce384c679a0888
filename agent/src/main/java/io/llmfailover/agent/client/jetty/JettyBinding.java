package io.llmfailover.agent.client.jetty;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.lifecycle.BufferedBody;
import io.llmfailover.agent.lifecycle.CallBinding;
import io.llmfailover.agent.lifecycle.ClientTimeouts;
import io.llmfailover.agent.lifecycle.NativeResponse;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.Transport;
import java.io.IOException;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Response;

/**
 * What is Jetty's own in the call lifecycle: its request and content, its destination, and the
 * app's listeners, which hear the answer relayed. Runs on an agent thread.
 */
final class JettyBinding extends CallBinding<JettyCall, Void> {

    static final JettyBinding INSTANCE = new JettyBinding();

    private JettyBinding() {
        super("Jetty HttpClient", HttpClient.class.getClassLoader());
    }

    @Override
    public BufferedBody buffer(JettyCall call, long limit) throws IOException {
        return RequestContentBytes.read(call.request.getBody(), limit);
    }

    @Override
    public Transport transport(JettyCall call, LlmRequest neutral) {
        return new JettyTransport(call);
    }

    /** Yes: each attempt is a request of its own on the app's client, aborted when its thread is interrupted. */
    @Override
    public boolean sendsConcurrently(JettyCall call) {
        return true;
    }

    /** Tells the app's listeners the answer; its body is then read as they demand it, on agent threads. */
    @Override
    public Void toApp(JettyCall call, Answer answer) {
        Response head = NativeResponse.ownOf(answer, Response.class);
        AnswerContentSource body = new AnswerContentSource(answer, call.listeners(), AgentThreads.relays());
        call.doing(body);
        call.listeners().deliver(answer, head, body);
        return null;
    }

    /** The app's request through its destination, as it was sent: its content was rewound after it was read. */
    @Override
    public Void proceed(JettyCall call, BufferedBody body) {
        call.forget();
        call.destination.send(call.request, call.listener);
        return null;
    }

    /** As Jetty reports its own timeouts: a {@code TimeoutException}. */
    @Override
    public IOException timeout(HeadDeadlineException expired) {
        return ClientTimeouts.timeoutException(expired);
    }
}
