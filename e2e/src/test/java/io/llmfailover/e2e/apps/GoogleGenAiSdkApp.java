package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.genai.Client;
import com.google.genai.ResponseStream;
import com.google.genai.errors.ApiException;
import com.google.genai.types.Content;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.GenerateContentResponse;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.HttpResponse;
import com.google.genai.types.HttpRetryOptions;
import com.google.genai.types.Part;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An ordinary app written against Google's Gen AI SDK ({@code com.google.genai:google-genai}, the
 * Gemini Developer API), knowing nothing of the agent. Args: see {@link AppArgs}, with the SDK's
 * base URL without version path ({@code http://127.0.0.1:8080}); the SDK adds {@code v1beta}. Its
 * OkHttp client follows redirects, OkHttp's default, which the SDK offers no switch for: a cell
 * that asks for following ({@link AppArgs#followsRedirects()}) runs as any other.
 *
 * <p>With {@value #VERTEX_VARIABLE} set to {@code <project>/<location>}, the same app in Vertex AI
 * mode: the base URL is the SDK's Vertex endpoint (it adds {@code v1/projects/…/locations/…}), and
 * the key is a static Google access token in {@code Authorization: Bearer}. Modes {@code tools} and
 * {@code tools-stream} play {@link GeminiToolRoundTrip}.
 */
public final class GoogleGenAiSdkApp {

    private static final String MODEL = "gemini-2.5-flash";
    public static final String VERTEX_VARIABLE = "E2E_GENAI_VERTEX";

    private final Client client;
    private final List<Content> question = List.of(Content.builder()
            .role("user")
            .parts(Part.fromText("Say hello"))
            .build());
    private final GenerateContentConfig config = GenerateContentConfig.builder()
            .systemInstruction(Content.fromParts(Part.fromText("Answer briefly.")))
            .maxOutputTokens(200)
            .build();

    private GoogleGenAiSdkApp(Client client) {
        this.client = client;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        // The SDK's own retries are off so that each call is exactly one request the agent sees.
        String vertex = System.getenv(VERTEX_VARIABLE);
        Client.Builder builder = Client.builder()
                .httpOptions(HttpOptions.builder()
                        .baseUrl(app.baseUrl())
                        .apiVersion(vertex == null ? "v1beta" : "v1")
                        .retryOptions(HttpRetryOptions.builder().attempts(1))
                        .timeout(30_000)
                        .build());
        if (vertex == null) {
            builder.apiKey(app.apiKey());
        } else {
            String[] projectAndLocation = vertex.split("/", 2);
            builder.vertexAI(true).project(projectAndLocation[0]).location(projectAndLocation[1])
                    .credentials(GoogleCredentials.create(new AccessToken(app.apiKey(), null)));
        }
        Client client = builder.build();
        try {
            GoogleGenAiSdkApp sdkApp = new GoogleGenAiSdkApp(client);
            app.plan().run(number -> sdkApp.call(number, app));
        } finally {
            client.close();
        }
        Report.done();
    }

    private void call(int number, AppArgs app) {
        try {
            if (app.toolRoundTrip()) {
                new GeminiToolRoundTrip(client).play(number, app.streaming());
            } else if (app.streaming()) {
                stream(number);
            } else {
                generate(number);
            }
        } catch (ApiException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.code()), e.status(), e.message());
        } catch (RuntimeException | JsonProcessingException e) {
            Report.error(number, e);
        }
    }

    private void generate(int number) {
        GenerateContentResponse response = client.models.generateContent(MODEL, question, config);
        Report.result(number, 200, provider(response), response.text());
    }

    private void stream(int number) {
        StringBuilder content = new StringBuilder();
        String provider = null;
        int index = 0;
        try (ResponseStream<GenerateContentResponse> responses =
                client.models.generateContentStream(MODEL, question, config)) {
            for (GenerateContentResponse response : responses) {
                String text = response.text();
                provider = provider != null ? provider : provider(response);
                if (text != null && !text.isEmpty()) {
                    Report.chunk(number, index++, text);
                    content.append(text);
                }
            }
        }
        Report.result(number, 200, provider, content.toString());
    }

    /** The {@code x-llm-failover-provider} header, which the SDK keeps on each response it parsed. */
    static String provider(GenerateContentResponse response) {
        Map<String, String> headers = response.sdkHttpResponse().flatMap(HttpResponse::headers).orElse(Map.of());
        Optional<String> value = headers.entrySet().stream()
                .filter(header -> header.getKey().equalsIgnoreCase(JdkHttpClientApp.PROVIDER_HEADER))
                .map(Map.Entry::getValue)
                .findFirst();
        return value.orElse(null);
    }
}
