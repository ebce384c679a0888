package io.llmfailover.e2e.apps;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * Blocking chat calls for apps that make many: even-numbered calls through the JDK HttpClient,
 * odd-numbered ones through OkHttp, each reported as a RESULT (any status) or an ERROR (an
 * exception). A phase, when given, is sent in the {@code x-e2e-phase} header so the
 * stub can tell the parts of a scenario apart.
 */
final class MixedClientCalls {

    static final String PHASE_HEADER = "x-e2e-phase";

    private static final String BODY = "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final String baseUrl;
    private final String key;
    private final HttpClient jdk = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final OkHttpClient okHttp = new OkHttpClient.Builder()
            .callTimeout(CALL_TIMEOUT)
            .build();

    MixedClientCalls(String baseUrl, String key) {
        this.baseUrl = baseUrl;
        this.key = key;
    }

    /** Makes call {@code number}; true when it was answered 200. Never throws. */
    boolean call(int number, String phase) {
        try {
            int status = number % 2 == 0 ? callWithJdk(number, phase) : callWithOkHttp(number, phase);
            return status == 200;
        } catch (Exception failure) {
            Report.error(number, failure);
            return false;
        }
    }

    private int callWithJdk(int number, String phase) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + "/chat/completions"))
                .timeout(CALL_TIMEOUT)
                .header("Authorization", "Bearer " + key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(BODY));
        if (phase != null) {
            request.header(PHASE_HEADER, phase);
        }
        HttpResponse<String> response = jdk.send(request.build(), HttpResponse.BodyHandlers.ofString());
        Report.result(number, response.statusCode(),
                response.headers().firstValue(JdkHttpClientApp.PROVIDER_HEADER).orElse(null),
                ContentField.in(response.body()));
        return response.statusCode();
    }

    private int callWithOkHttp(int number, String phase) throws Exception {
        Request.Builder request = new Request.Builder()
                .url(baseUrl + "/chat/completions")
                .header("Authorization", "Bearer " + key)
                .post(RequestBody.create(BODY, MediaType.get("application/json")));
        if (phase != null) {
            request.header(PHASE_HEADER, phase);
        }
        try (Response response = okHttp.newCall(request.build()).execute()) {
            Report.result(number, response.code(), response.header(JdkHttpClientApp.PROVIDER_HEADER),
                    ContentField.in(response.body().string()));
            return response.code();
        }
    }
}
