package io.llmfailover.e2e.apps;

import java.io.InputStream;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.InputStreamResponseListener;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.Response;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpMethod;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Jetty 12's {@link HttpClient},
 * default settings: a {@link ContentResponse} when blocking (what {@code send()} does, with room for
 * answers of several megabytes), and an {@link InputStreamResponseListener} read line by line when
 * streaming. Args: see {@link AppArgs}.
 */
public final class JettyHttpClientApp {

    /** {@code send()} buffers at most 2 MB; an app that expects larger answers sizes its own listener. */
    private static final int MAX_ANSWER_BYTES = 16 * 1024 * 1024;

    private final HttpClient http;
    private final AppArgs app;

    private JettyHttpClientApp(HttpClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        HttpClient http = new HttpClient();
        if (app.followsRedirects()) {
            http.setFollowRedirects(true); // Jetty's default, set all the same (and on each request below)
        }
        http.start();
        try {
            JettyHttpClientApp jettyApp = new JettyHttpClientApp(http, app);
            app.plan().run(jettyApp::call);
        } finally {
            http.stop();
        }
        Report.done();
    }

    private void call(int number) throws InterruptedException {
        Request request = http.newRequest(app.baseUrl() + "/chat/completions")
                .method(HttpMethod.POST)
                .timeout(30, TimeUnit.SECONDS)
                .followRedirects(http.isFollowRedirects())
                .headers(headers -> {
                    headers.put("Authorization", "Bearer " + app.apiKey());
                    AppArgs.routeHeader(headers::put);
                })
                .body(new StringRequestContent("application/json", ChatExchange.requestBody(app.streaming())));
        try {
            if (app.streaming()) {
                stream(number, request);
            } else {
                complete(number, new CompletableResponseListener(request, MAX_ANSWER_BYTES).send().get());
            }
        } catch (ExecutionException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof Exception cause ? cause : e);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            ChatExchange.reportFailure(number, e);
        }
    }

    private static void complete(int number, ContentResponse response) {
        if (response.getStatus() / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(response.getStatus()), null, response.getContentAsString());
            return;
        }
        Report.result(number, response.getStatus(), provider(response), ContentField.in(response.getContentAsString()));
    }

    private static void stream(int number, Request request) throws Exception {
        InputStreamResponseListener listener = new InputStreamResponseListener();
        request.send(listener);
        Response response = listener.get(30, TimeUnit.SECONDS);
        try (InputStream body = listener.getInputStream()) {
            if (response.getStatus() / 100 != 2) {
                Report.error(number, "HttpStatus", String.valueOf(response.getStatus()), null, ChatExchange.readAll(body));
                return;
            }
            Report.result(number, response.getStatus(), provider(response), ChatExchange.readEvents(number, body));
        }
    }

    private static String provider(Response response) {
        return response.getHeaders().get(ChatExchange.PROVIDER_HEADER);
    }
}
