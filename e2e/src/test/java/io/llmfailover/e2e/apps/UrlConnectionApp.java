package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with the JDK's
 * {@link HttpURLConnection} and reads streams line by line, or uploads a large file. Args: see {@link AppArgs}.
 * The connection follows redirects, its default; with following on it sets {@code setInstanceFollowRedirects(true)} all the same.
 */
public final class UrlConnectionApp {

    private final AppArgs app;

    private UrlConnectionApp(AppArgs app) {
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        UrlConnectionApp urlApp = new UrlConnectionApp(AppArgs.parse(args));
        urlApp.app.plan().run(urlApp::call);
        Report.done();
    }

    private void call(int number) {
        if (app.uploading()) {
            upload(number);
            return;
        }
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) new URL(app.baseUrl() + "/chat/completions").openConnection();
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(30_000);
            if (app.followsRedirects()) {
                connection.setInstanceFollowRedirects(true); // the default, set all the same
            }
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Authorization", "Bearer " + app.apiKey());
            AppArgs.routeHeader(connection::setRequestProperty);
            connection.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(ChatExchange.requestBody(app.streaming()).getBytes(StandardCharsets.UTF_8));
            }
            int status = connection.getResponseCode();
            if (status / 100 != 2) {
                Report.error(number, "HttpStatus", String.valueOf(status), null, ChatExchange.readAll(connection.getErrorStream()));
                return;
            }
            String provider = connection.getHeaderField(ChatExchange.PROVIDER_HEADER);
            try (InputStream body = connection.getInputStream()) {
                String content = app.streaming()
                        ? ChatExchange.readEvents(number, body)
                        : ContentField.in(ChatExchange.readAll(body));
                Report.result(number, status, provider, content);
            }
        } catch (IOException | RuntimeException e) {
            ChatExchange.reportFailure(number, e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    /**
     * A multipart body written to the connection in fixed-length streaming mode, the one way
     * {@code HttpURLConnection} sends a large body without holding it in memory.
     */
    private void upload(int number) {
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) new URL(app.filesUrl()).openConnection();
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(60_000);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setFixedLengthStreamingMode(GeneratedUpload.multipartLength());
            connection.setRequestProperty("Authorization", "Bearer " + app.apiKey());
            AppArgs.routeHeader(connection::setRequestProperty);
            connection.setRequestProperty("Content-Type", GeneratedUpload.MULTIPART_CONTENT_TYPE);
            try (OutputStream out = connection.getOutputStream(); InputStream body = GeneratedUpload.multipart()) {
                body.transferTo(out);
            }
            int status = connection.getResponseCode();
            InputStream answer = status / 100 == 2 ? connection.getInputStream() : connection.getErrorStream();
            ChatExchange.reportUpload(number, status, ChatExchange.readAll(answer));
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }
}
