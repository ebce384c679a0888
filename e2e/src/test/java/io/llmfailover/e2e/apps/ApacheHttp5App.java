package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.entity.mime.MultipartEntityBuilder;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Apache HttpClient 5's classic
 * client, default settings (its own retry strategy included), or uploads a large file.
 * Args: see {@link AppArgs}.
 */
public final class ApacheHttp5App {

    /**
     * A JVM option: {@code false} turns off the client's own retries (of a 429 or 503, once, after
     * a second), for a test that counts only what the agent sends. Both Apache 5 apps read it.
     */
    public static final String AUTOMATIC_RETRIES_PROPERTY = "e2e.apache.automatic-retries";

    private final CloseableHttpClient http;
    private final AppArgs app;

    private ApacheHttp5App(CloseableHttpClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        RequestConfig timeouts = requestConfig(app);
        HttpClientBuilder builder = HttpClients.custom().setDefaultRequestConfig(timeouts);
        if (!automaticRetries()) {
            builder.disableAutomaticRetries();
        }
        try (CloseableHttpClient http = builder.build()) {
            ApacheHttp5App apacheApp = new ApacheHttp5App(http, app);
            app.plan().run(apacheApp::call);
        }
        Report.done();
    }

    /**
     * The app's timeouts; with following on, redirects enabled, Apache HttpClient 5's default (it
     * follows 301, 302 and 303 as a GET, 307 and 308 with the body), set all the same. Both Apache 5 apps use it.
     */
    static RequestConfig requestConfig(AppArgs app) {
        RequestConfig.Builder config = RequestConfig.custom().setResponseTimeout(Timeout.ofSeconds(30));
        if (app.followsRedirects()) {
            config.setRedirectsEnabled(true);
        }
        return config.build();
    }

    static boolean automaticRetries() {
        return Boolean.parseBoolean(System.getProperty(AUTOMATIC_RETRIES_PROPERTY, "true"));
    }

    private void call(int number) {
        if (app.uploading()) {
            upload(number);
            return;
        }
        HttpPost post = new HttpPost(app.baseUrl() + "/chat/completions");
        post.setHeader("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(post::setHeader);
        post.setEntity(new StringEntity(ChatExchange.requestBody(app.streaming()), ContentType.APPLICATION_JSON));
        try {
            http.execute(post, response -> {
                int status = response.getCode();
                try (InputStream body = response.getEntity().getContent()) {
                    if (status / 100 != 2) {
                        Report.error(number, "HttpStatus", String.valueOf(status), null, ChatExchange.readAll(body));
                        return null;
                    }
                    Header provider = response.getFirstHeader(ChatExchange.PROVIDER_HEADER);
                    String content = app.streaming()
                            ? ChatExchange.readEvents(number, body)
                            : ContentField.in(ChatExchange.readAll(body));
                    Report.result(number, status, provider == null ? null : provider.getValue(), content);
                }
                return null;
            });
        } catch (IOException | RuntimeException e) {
            ChatExchange.reportFailure(number, e);
        }
    }

    /** HttpClient 5's own multipart builder, its file part an input stream (sent chunked). */
    private void upload(int number) {
        HttpPost post = new HttpPost(app.filesUrl());
        post.setHeader("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(post::setHeader);
        post.setEntity(MultipartEntityBuilder.create()
                .setBoundary(GeneratedUpload.BOUNDARY)
                .addBinaryBody(GeneratedUpload.PART_NAME, GeneratedUpload.content(),
                        ContentType.APPLICATION_OCTET_STREAM, GeneratedUpload.FILENAME)
                .build());
        try {
            http.execute(post, response -> {
                String body = ChatExchange.readAll(response.getEntity().getContent());
                ChatExchange.reportUpload(number, response.getCode(), body);
                return null;
            });
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }
}
