package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import org.apache.http.Header;
import org.apache.http.client.config.RequestConfig;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpPost;
import org.apache.http.entity.ContentType;
import org.apache.http.entity.InputStreamEntity;
import org.apache.http.entity.StringEntity;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.impl.client.LaxRedirectStrategy;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with Apache HttpClient 4.x, default
 * settings (with following on, the lax redirect strategy), or uploads a large file. Args: see {@link AppArgs}.
 */
public final class ApacheHttp4App {

    private final CloseableHttpClient http;
    private final AppArgs app;

    private ApacheHttp4App(CloseableHttpClient http, AppArgs app) {
        this.http = http;
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        RequestConfig timeouts = RequestConfig.custom().setConnectTimeout(10_000).setSocketTimeout(30_000).build();
        HttpClientBuilder builder = HttpClients.custom().setDefaultRequestConfig(timeouts);
        if (app.followsRedirects()) {
            // The default strategy follows a POST's 303 only; the lax one its 301, 302 and 307 too.
            builder.setRedirectStrategy(LaxRedirectStrategy.INSTANCE);
        }
        try (CloseableHttpClient http = builder.build()) {
            ApacheHttp4App apacheApp = new ApacheHttp4App(http, app);
            app.plan().run(apacheApp::call);
        }
        Report.done();
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
        try (CloseableHttpResponse response = http.execute(post)) {
            int status = response.getStatusLine().getStatusCode();
            try (InputStream body = response.getEntity().getContent()) {
                if (status / 100 != 2) {
                    Report.error(number, "HttpStatus", String.valueOf(status), null, ChatExchange.readAll(body));
                    return;
                }
                Header provider = response.getFirstHeader(ChatExchange.PROVIDER_HEADER);
                String content = app.streaming()
                        ? ChatExchange.readEvents(number, body)
                        : ContentField.in(ChatExchange.readAll(body));
                Report.result(number, status, provider == null ? null : provider.getValue(), content);
            }
        } catch (IOException | RuntimeException e) {
            ChatExchange.reportFailure(number, e);
        }
    }

    /** A multipart body as a streamed entity, framed by hand: HttpClient 4 has no multipart builder without httpmime. */
    private void upload(int number) {
        HttpPost post = new HttpPost(app.filesUrl());
        post.setHeader("Authorization", "Bearer " + app.apiKey());
        AppArgs.routeHeader(post::setHeader);
        InputStreamEntity body = new InputStreamEntity(GeneratedUpload.multipart(), GeneratedUpload.multipartLength());
        body.setContentType(GeneratedUpload.MULTIPART_CONTENT_TYPE);
        post.setEntity(body);
        try (CloseableHttpResponse response = http.execute(post)) {
            ChatExchange.reportUpload(number, response.getStatusLine().getStatusCode(),
                    ChatExchange.readAll(response.getEntity().getContent()));
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }
}
