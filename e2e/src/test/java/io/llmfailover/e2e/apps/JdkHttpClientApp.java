package io.llmfailover.e2e.apps;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Iterator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An ordinary app that calls an OpenAI-compatible endpoint with the JDK's own
 * {@link java.net.http.HttpClient} and reads streams line by line, or uploads a large file.
 * Args: see {@link AppArgs}.
 */
public final class JdkHttpClientApp {

    static final String PROVIDER_HEADER = "x-llm-failover-provider";

    private final HttpClient http;
    private final AppArgs app;

    /** The JDK's default is {@code Redirect.NEVER}; following on is {@code Redirect.ALWAYS}. */
    private JdkHttpClientApp(AppArgs app) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(10))
                .followRedirects(app.followsRedirects() ? HttpClient.Redirect.ALWAYS : HttpClient.Redirect.NEVER)
                .build();
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        JdkHttpClientApp jdkApp = new JdkHttpClientApp(AppArgs.parse(args));
        jdkApp.app.plan().run(jdkApp::call);
        Report.done();
    }

    private void call(int number) throws InterruptedException {
        try {
            if (app.uploading()) {
                upload(number);
            } else if (app.streaming()) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }

    private void complete(int number) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request(false), BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            reportError(number, response.statusCode(), response.body());
            return;
        }
        Report.result(number, response.statusCode(), provider(response), ContentField.in(response.body()));
    }

    private void stream(int number) throws IOException, InterruptedException {
        HttpResponse<Stream<String>> response = http.send(request(true), BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            if (response.statusCode() / 100 != 2) {
                reportError(number, response.statusCode(), lines.collect(Collectors.joining("\n")));
                return;
            }
            StringBuilder content = new StringBuilder();
            int index = 0;
            for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
                String line = it.next();
                if (!line.startsWith("data:")) {
                    continue;
                }
                String data = line.substring("data:".length()).trim();
                if (data.equals("[DONE]")) {
                    break;
                }
                if (data.startsWith("{\"error\"")) {
                    Report.error(number, "StreamError", null, null, data);
                    return;
                }
                String text = ContentField.in(data);
                if (text != null) {
                    Report.chunk(number, index++, text);
                    content.append(text);
                }
            }
            Report.result(number, response.statusCode(), provider(response), content.toString());
        }
    }

    /** A multipart upload streamed from an input stream of known length, the JDK client's way to send a large body. */
    private void upload(int number) throws IOException, InterruptedException {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(app.filesUrl()))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + app.apiKey())
                .header("Content-Type", GeneratedUpload.MULTIPART_CONTENT_TYPE)
                .POST(BodyPublishers.fromPublisher(BodyPublishers.ofInputStream(GeneratedUpload::multipart),
                        GeneratedUpload.multipartLength()));
        AppArgs.routeHeader(builder::header);
        HttpRequest request = builder.build();
        HttpResponse<String> response = http.send(request, BodyHandlers.ofString());
        ChatExchange.reportUpload(number, response.statusCode(), response.body());
    }

    private HttpRequest request(boolean stream) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(app.baseUrl() + "/chat/completions"))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer " + app.apiKey())
                .header("Content-Type", "application/json");
        AppArgs.routeHeader(request::header);
        return request.POST(BodyPublishers.ofString(ChatExchange.requestBody(stream))).build();
    }

    private static String provider(HttpResponse<?> response) {
        return response.headers().firstValue(PROVIDER_HEADER).orElse(null);
    }

    private static void reportError(int number, int status, String body) {
        Report.error(number, "HttpStatus", String.valueOf(status), null, body);
    }
}
