package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.Iterator;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An ordinary app that calls the native Gemini API with the JDK's {@link HttpClient}:
 * {@code models/{m}:generateContent}, or {@code :streamGenerateContent?alt=sse} read frame by frame
 * until the body ends, its key in {@code x-goog-api-key}. Args: see {@link AppArgs}, with a Gemini
 * base URL such as {@code http://127.0.0.1:8080/v1beta}.
 */
public final class GeminiHttpApp {

    static final String MODEL = "gemini-2.5-flash";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final AppArgs app;

    private GeminiHttpApp(AppArgs app) {
        this.app = app;
    }

    public static void main(String[] args) throws Exception {
        GeminiHttpApp geminiApp = new GeminiHttpApp(AppArgs.parse(args));
        geminiApp.app.plan().run(geminiApp::call);
        Report.done();
    }

    private void call(int number) throws InterruptedException {
        try {
            if (app.streaming()) {
                stream(number);
            } else {
                generate(number);
            }
        } catch (IOException | RuntimeException e) {
            Report.error(number, e);
        }
    }

    private void generate(int number) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request(":generateContent"), BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            reportError(number, response, response.body());
            return;
        }
        Report.result(number, response.statusCode(), provider(response), text(JSON.readTree(response.body())));
    }

    private void stream(int number) throws IOException, InterruptedException {
        HttpResponse<Stream<String>> response = http.send(request(":streamGenerateContent?alt=sse"), BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            if (response.statusCode() / 100 != 2) {
                reportError(number, response, lines.collect(Collectors.joining("\n")));
                return;
            }
            StringBuilder content = new StringBuilder();
            int index = 0;
            for (Iterator<String> it = lines.iterator(); it.hasNext(); ) {
                String line = it.next();
                if (!line.startsWith("data:")) {
                    continue;
                }
                JsonNode frame = JSON.readTree(line.substring("data:".length()).trim());
                if (frame.has("error")) {
                    reportError(number, response, frame.toString());
                    return;
                }
                String text = text(frame);
                if (!text.isEmpty()) {
                    Report.chunk(number, index++, text);
                    content.append(text);
                }
            }
            Report.result(number, response.statusCode(), provider(response), content.toString());
        }
    }

    /** The text parts of the first candidate, joined. */
    private static String text(JsonNode response) {
        StringBuilder text = new StringBuilder();
        for (JsonNode part : response.path("candidates").path(0).path("content").path("parts")) {
            text.append(part.path("text").asText(""));
        }
        return text.toString();
    }

    private HttpRequest request(String verb) {
        String body = "{\"contents\":[{\"role\":\"user\",\"parts\":[{\"text\":\"Say hello\"}]}],"
                + "\"systemInstruction\":{\"parts\":[{\"text\":\"Answer briefly.\"}]},"
                + "\"generationConfig\":{\"temperature\":0.3,\"maxOutputTokens\":200}}";
        return HttpRequest.newBuilder(URI.create(app.baseUrl() + "/models/" + MODEL + verb))
                .timeout(Duration.ofSeconds(30))
                .header("x-goog-api-key", app.apiKey())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
    }

    private static String provider(HttpResponse<?> response) {
        return response.headers().firstValue(JdkHttpClientApp.PROVIDER_HEADER).orElse(null);
    }

    /** An error as the app sees it: the HTTP status, Google's status name as the code, the body. */
    private static void reportError(int number, HttpResponse<?> response, String body) {
        String statusName = null;
        try {
            statusName = JSON.readTree(body).path("error").path("status").asText(null);
        } catch (IOException notJson) {
            // reported without a code
        }
        Report.error(number, "HttpStatus", String.valueOf(response.statusCode()), statusName, body);
    }
}
