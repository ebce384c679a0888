package io.llmfailover.agent.client.jetty;

import io.llmfailover.runtime.contract.Answer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.Result;
import org.eclipse.jetty.client.transport.HttpRequest;
import org.eclipse.jetty.client.transport.HttpResponse;
import org.eclipse.jetty.client.transport.ResponseListeners;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.Content;

/**
 * The listeners the app sent its request with (those registered on the request and the one passed
 * to {@code send}), told of the answer as Jetty's receiver would tell them: begin, each header,
 * headers, the body as a content source, then success or failure and completion, exactly once.
 */
final class AppListeners {

    private final HttpRequest request;
    private final ResponseListeners listeners;
    private final AtomicBoolean ended = new AtomicBoolean();
    private final Runnable whenEnded;
    private volatile HttpResponse response;

    AppListeners(HttpRequest request, Response.CompleteListener listener, Runnable whenEnded) {
        this.request = request;
        this.whenEnded = whenEnded;
        // A copy: the request's own listeners stay as the app left them, for a send as if the agent were absent.
        this.listeners = new ResponseListeners(request.getResponseListeners());
        if (listener != null) {
            listeners.addCompleteListener(listener, true);
        }
    }

    /** Tells the head of {@code answer}, then hands over its body; {@code head} is the attempt's own when the answer is. */
    void deliver(Answer answer, Response head, Content.Source body) {
        HttpResponse appResponse = new HttpResponse(request);
        response = appResponse;
        appResponse.version(head == null ? HttpVersion.HTTP_1_1 : head.getVersion())
                .status(answer.status())
                .reason(head == null ? HttpStatus.getMessage(answer.status()) : head.getReason());
        listeners.notifyBegin(appResponse);
        if (head == null) {
            answer.headers().forEach((name, value) -> header(appResponse, new HttpField(name, value)));
        } else {
            for (HttpField field : head.getHeaders()) {
                header(appResponse, field);
            }
        }
        listeners.notifyHeaders(appResponse);
        listeners.notifyContentSource(appResponse, body);
    }

    private void header(HttpResponse appResponse, HttpField field) {
        if (listeners.notifyHeader(appResponse, field)) {
            appResponse.addHeader(field);
        }
    }

    /** The body ended whole. */
    void succeeded() {
        HttpResponse appResponse = response;
        if (ended.compareAndSet(false, true)) {
            whenEnded.run();
            listeners.notifySuccess(appResponse);
            listeners.notifyComplete(new Result(request, appResponse));
        }
    }

    /** The call failed: before any answer (no response) or while its body was relayed. */
    void failed(Throwable failure) {
        HttpResponse appResponse = response;
        if (ended.compareAndSet(false, true)) {
            whenEnded.run();
            if (appResponse == null) {
                // as Jetty ends an exchange that failed before its head: the request and an empty response failed
                HttpResponse none = new HttpResponse(request);
                listeners.notifyFailure(none, failure);
                listeners.notifyComplete(new Result(request, failure, none, failure));
                return;
            }
            listeners.notifyFailure(appResponse, failure);
            listeners.notifyComplete(new Result(request, appResponse, failure));
        }
    }
}
