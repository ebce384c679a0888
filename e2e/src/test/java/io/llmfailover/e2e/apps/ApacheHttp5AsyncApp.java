package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.nio.CharBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.hc.client5.http.async.methods.AbstractCharResponseConsumer;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.util.Timeout;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Apache HttpClient 5's async
 * client, default settings: a simple request and response when blocking, and a character
 * consumer that reports each event as it arrives when streaming. Args: see {@link AppArgs}.
 */
public final class ApacheHttp5AsyncApp {

    private final CloseableHttpAsyncClient http;
    private final AppArgs app;

    private ApacheHttp5AsyncApp(CloseableHttpAsyncClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        RequestConfig timeouts = RequestConfig.custom().setResponseTimeout(Timeout.ofSeconds(30)).build();
        try (CloseableHttpAsyncClient http = HttpAsyncClients.custom().setDefaultRequestConfig(timeouts).build()) {
            http.start();
            ApacheHttp5AsyncApp apacheApp = new ApacheHttp5AsyncApp(http, app);
            app.plan().run(apacheApp::call);
        }
        Report.done();
    }

    private void call(int number) {
        SimpleHttpRequest post = SimpleRequestBuilder.post(app.baseUrl() + "/chat/completions")
                .setHeader("Authorization", "Bearer " + app.apiKey())
                .setBody(ChatExchange.requestBody(app.streaming()), ContentType.APPLICATION_JSON)
                .build();
        try {
            if (app.streaming()) {
                http.execute(SimpleRequestProducer.create(post), new EventStreamConsumer(number), null).get();
            } else {
                reportBlocking(number, http.execute(post, null));
            }
        } catch (ExecutionException e) {
            ChatExchange.reportFailure(number, e.getCause() instanceof Exception cause ? cause : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Report.error(number, e);
        } catch (RuntimeException e) {
            ChatExchange.reportFailure(number, e);
        }
    }

    private static void reportBlocking(int number, Future<SimpleHttpResponse> call)
            throws ExecutionException, InterruptedException {
        SimpleHttpResponse response = call.get();
        int status = response.getCode();
        String body = response.getBodyText() == null ? "" : response.getBodyText();
        if (status / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(status), null, body);
            return;
        }
        Header provider = response.getFirstHeader(ChatExchange.PROVIDER_HEADER);
        Report.result(number, status, provider == null ? null : provider.getValue(), ContentField.in(body));
    }

    /** Reads the event stream line by line as characters arrive, reporting each content delta at once. */
    private static final class EventStreamConsumer extends AbstractCharResponseConsumer<Void> {
        private final int number;
        private final StringBuilder line = new StringBuilder();
        private final StringBuilder content = new StringBuilder();
        private final StringBuilder errorBody = new StringBuilder();
        private int status;
        private String provider;
        private int index;
        private boolean done;

        EventStreamConsumer(int number) {
            this.number = number;
        }

        @Override
        protected void start(HttpResponse response, ContentType contentType) {
            status = response.getCode();
            Header header = response.getFirstHeader(ChatExchange.PROVIDER_HEADER);
            provider = header == null ? null : header.getValue();
        }

        @Override
        protected int capacityIncrement() {
            return Integer.MAX_VALUE;
        }

        @Override
        protected void data(CharBuffer src, boolean endOfStream) throws IOException {
            if (status / 100 != 2) {
                errorBody.append(src);
                return;
            }
            while (src.hasRemaining()) {
                char next = src.get();
                if (next == '\n') {
                    onLine(line.toString());
                    line.setLength(0);
                } else if (next != '\r') {
                    line.append(next);
                }
            }
        }

        private void onLine(String text) throws IOException {
            if (done || !text.startsWith("data:")) {
                return;
            }
            String data = text.substring("data:".length()).trim();
            if (data.equals("[DONE]")) {
                done = true;
                return;
            }
            if (data.startsWith("{\"error\"")) {
                throw new ChatExchange.StreamError(data);
            }
            String delta = ContentField.in(data);
            if (delta != null) {
                Report.chunk(number, index++, delta);
                content.append(delta);
            }
        }

        @Override
        protected Void buildResult() {
            if (status / 100 != 2) {
                Report.error(number, "HttpStatus", String.valueOf(status), null, errorBody.toString());
            } else {
                Report.result(number, status, provider, content.toString());
            }
            return null;
        }

        @Override
        public void releaseResources() {
            // nothing held beyond this call
        }
    }
}
