package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.hc.client5.http.async.methods.AbstractCharResponseConsumer;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.StreamChannel;
import org.apache.hc.core5.http.nio.entity.AbstractBinAsyncEntityProducer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Apache HttpClient 5's async
 * client, default settings: a simple request and response when blocking, and a character
 * consumer that reports each event as it arrives when streaming; or an upload of a large file
 * produced as the connection takes it. Args: see {@link AppArgs}.
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
        RequestConfig timeouts = ApacheHttp5App.requestConfig(app);
        HttpAsyncClientBuilder builder = HttpAsyncClients.custom().setDefaultRequestConfig(timeouts);
        if (!ApacheHttp5App.automaticRetries()) {
            builder.disableAutomaticRetries();
        }
        try (CloseableHttpAsyncClient http = builder.build()) {
            http.start();
            ApacheHttp5AsyncApp apacheApp = new ApacheHttp5AsyncApp(http, app);
            app.plan().run(apacheApp::call);
        }
        Report.done();
    }

    private void call(int number) {
        if (app.uploading()) {
            upload(number);
            return;
        }
        SimpleHttpRequest post = SimpleRequestBuilder.post(app.baseUrl() + "/chat/completions")
                .setHeader("Authorization", "Bearer " + app.apiKey())
                .setBody(ChatExchange.requestBody(app.streaming()), ContentType.APPLICATION_JSON)
                .build();
        AppArgs.routeHeader(post::setHeader);
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

    /** A multipart body produced as the connection takes it, framed by hand: the async client has no multipart builder. */
    private void upload(int number) {
        BasicHttpRequest post = new BasicHttpRequest(Method.POST, URI.create(app.filesUrl()));
        post.setHeader("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(post::setHeader);
        try {
            SimpleHttpResponse response = http.execute(new BasicRequestProducer(post, new GeneratedEntityProducer()),
                    SimpleResponseConsumer.create(), null).get();
            String body = response.getBodyText() == null ? "" : response.getBodyText();
            ChatExchange.reportUpload(number, response.getCode(), body);
        } catch (ExecutionException e) {
            Report.error(number, e.getCause() != null ? e.getCause() : e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            Report.error(number, e);
        } catch (RuntimeException e) {
            Report.error(number, e);
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

    /** {@link GeneratedUpload#multipart()}, read as the channel asks for more. */
    private static final class GeneratedEntityProducer extends AbstractBinAsyncEntityProducer {
        private final InputStream body = GeneratedUpload.multipart();
        private final byte[] chunk = new byte[64 * 1024];
        private ByteBuffer pending = ByteBuffer.allocate(0);

        GeneratedEntityProducer() {
            super(64 * 1024, ContentType.parse(GeneratedUpload.MULTIPART_CONTENT_TYPE));
        }

        @Override
        public long getContentLength() {
            return GeneratedUpload.multipartLength();
        }

        @Override
        public boolean isRepeatable() {
            return false;
        }

        @Override
        protected int availableData() {
            return Integer.MAX_VALUE;
        }

        @Override
        protected void produceData(StreamChannel<ByteBuffer> channel) throws IOException {
            while (true) {
                if (!pending.hasRemaining()) {
                    int n = body.read(chunk);
                    if (n < 0) {
                        channel.endStream();
                        return;
                    }
                    pending = ByteBuffer.wrap(chunk, 0, n);
                }
                if (channel.write(pending) == 0) {
                    return; // the connection is full: asked again when it can take more
                }
            }
        }

        @Override
        public void failed(Exception cause) {
            // the call's future reports it
        }
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
