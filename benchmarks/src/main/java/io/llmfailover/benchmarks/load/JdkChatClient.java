package io.llmfailover.benchmarks.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** The JDK's {@link HttpClient} (HTTP/1.1), blocking {@code send}, one client shared by every caller. */
final class JdkChatClient implements ChatClient {

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @Override
    public Answer call(String url, String id, boolean stream) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30))
                .header("Authorization", "Bearer sk-bench-app-key")
                .header("Content-Type", "application/json")
                .header(CALL_HEADER, id)
                .POST(HttpRequest.BodyPublishers.ofString(ChatClient.requestBody(stream)))
                .build();
        if (!stream) {
            HttpResponse<String> response = http.send(request, BodyHandlers.ofString());
            return new Answer(response.statusCode(), Answer.NO_TOKEN);
        }
        HttpResponse<InputStream> response = http.send(request, BodyHandlers.ofInputStream());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            long firstToken = Answer.NO_TOKEN;
            for (String line; (line = lines.readLine()) != null; ) {
                if (firstToken == Answer.NO_TOKEN && ChatClient.hasContent(line)) {
                    firstToken = System.nanoTime();
                }
            }
            return new Answer(response.statusCode(), firstToken);
        }
    }
}
