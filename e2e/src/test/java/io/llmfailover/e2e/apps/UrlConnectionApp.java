package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with the JDK's
 * {@link HttpURLConnection} and reads streams line by line. Args: see {@link AppArgs}.
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
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) new URL(app.baseUrl() + "/chat/completions").openConnection();
            connection.setConnectTimeout(10_000);
            connection.setReadTimeout(30_000);
            connection.setRequestMethod("POST");
            connection.setDoOutput(true);
            connection.setRequestProperty("Authorization", "Bearer " + app.apiKey());
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
}
