package io.llmfailover.benchmarks.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;

/** OkHttp, blocking {@code execute}, one client shared by every caller. */
final class OkHttpChatClient implements ChatClient {

    private static final MediaType JSON = MediaType.get("application/json");

    private final OkHttpClient http = new OkHttpClient.Builder()
            .connectTimeout(Duration.ofSeconds(10))
            .readTimeout(Duration.ofSeconds(30))
            .build();

    @Override
    public Answer call(String url, String id, boolean stream) throws IOException {
        Request request = new Request.Builder()
                .url(url)
                .header("Authorization", "Bearer sk-bench-app-key")
                .header(CALL_HEADER, id)
                .post(RequestBody.create(ChatClient.requestBody(stream).getBytes(StandardCharsets.UTF_8), JSON))
                .build();
        try (Response response = http.newCall(request).execute(); ResponseBody body = response.body()) {
            if (!stream) {
                body.string();
                return new Answer(response.code(), Answer.NO_TOKEN);
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(body.byteStream(), StandardCharsets.UTF_8));
            long firstToken = Answer.NO_TOKEN;
            for (String line; (line = lines.readLine()) != null; ) {
                if (firstToken == Answer.NO_TOKEN && ChatClient.hasContent(line)) {
                    firstToken = System.nanoTime();
                }
            }
            return new Answer(response.code(), firstToken);
        }
    }
}
