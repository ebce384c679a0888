package io.llmfailover.e2e.apps;

import com.anthropic.bedrock.backends.BedrockBackend;
import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.RequestOptions;
import com.anthropic.core.http.Headers;
import com.anthropic.core.http.HttpResponseFor;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.errors.AnthropicServiceException;
import com.anthropic.models.ErrorType;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.TextBlock;
import com.anthropic.vertex.backends.VertexBackend;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.GoogleCredentials;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.regions.Region;

/**
 * An ordinary app written against the official Anthropic Java SDK, knowing nothing of the agent.
 * It reads each answer with its raw response, so it can report the {@code x-llm-failover-provider}
 * header. Args: see {@link AppArgs}, with the SDK's base URL (no version path:
 * {@code http://127.0.0.1:8080}).
 *
 * <p>With {@value #VERTEX_VARIABLE} set to {@code <project>/<location>}, the same app on the SDK's
 * Vertex AI backend ({@code anthropic-java-vertex}): the base URL is the Vertex endpoint (the
 * backend adds {@code v1/projects/…}), the key a static Google access token.
 *
 * <p>With {@value #BEDROCK_VARIABLE} set to an AWS region, the same app on the SDK's Bedrock backend
 * ({@code anthropic-java-bedrock}, Claude through InvokeModel): the base URL is the Bedrock endpoint
 * (the backend adds {@code /model/{model}/invoke}), the key the access key id of static session
 * credentials ({@value #BEDROCK_SECRET}, {@value #BEDROCK_SESSION_TOKEN}) the backend signs with.
 */
public final class AnthropicSdkApp {

    public static final String VERTEX_VARIABLE = "E2E_ANTHROPIC_VERTEX";
    public static final String BEDROCK_VARIABLE = "E2E_ANTHROPIC_BEDROCK";
    public static final String BEDROCK_SECRET = "app-secret-e2e";
    public static final String BEDROCK_SESSION_TOKEN = "app-session-token-e2e";

    private final AnthropicClient client;
    /** Redirects are OkHttp's to follow, on by default; following on sets the SDK's per-request switch all the same. */
    private final RequestOptions options;

    /** The question, as each call asks it (a call plan may change it between calls). */
    private static MessageCreateParams params() {
        return MessageCreateParams.builder()
                .model("claude-sonnet-4-5")
                .maxTokens(300)
                .system("Answer briefly.")
                .addUserMessage(ChatExchange.prompt())
                .build();
    }

    private AnthropicSdkApp(AnthropicClient client, boolean followRedirects) {
        this.client = client;
        this.options = followRedirects ? RequestOptions.builder().followRedirects(true).build() : RequestOptions.none();
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        // The SDK's own retries are off so that each call is exactly one request the agent sees,
        // unless a test asks for the SDK's defaults (see SdkRetries).
        AnthropicOkHttpClient.Builder builder = AnthropicOkHttpClient.builder().timeout(Duration.ofSeconds(30));
        String vertex = System.getenv(VERTEX_VARIABLE);
        String bedrock = System.getenv(BEDROCK_VARIABLE);
        if (bedrock != null) {
            builder.backend(BedrockBackend.builder()
                    .awsCredentials(AwsSessionCredentials.create(app.apiKey(), BEDROCK_SECRET, BEDROCK_SESSION_TOKEN))
                    .region(Region.of(bedrock))
                    .baseUrl(app.baseUrl())
                    .build());
        } else if (vertex == null) {
            builder.baseUrl(app.baseUrl()).apiKey(app.apiKey());
        } else {
            String[] projectAndLocation = vertex.split("/", 2);
            builder.backend(VertexBackend.builder()
                    .googleCredentials(GoogleCredentials.create(new AccessToken(app.apiKey(), null)))
                    .project(projectAndLocation[0])
                    .region(projectAndLocation[1])
                    .baseUrl(app.baseUrl())
                    .build());
        }
        if (!SdkRetries.leftAtDefault()) {
            builder.maxRetries(0);
        }
        AnthropicClient client = builder.build();
        try {
            AnthropicSdkApp sdkApp = new AnthropicSdkApp(client, app.followsRedirects());
            app.plan().run(number -> sdkApp.call(number, app));
        } finally {
            client.close();
        }
        Report.done();
    }

    private void call(int number, AppArgs app) {
        try {
            if (app.toolRoundTrip()) {
                new AnthropicToolRoundTrip(client).play(number, app.streaming());
            } else if (app.streaming()) {
                stream(number);
            } else {
                create(number);
            }
        } catch (AnthropicServiceException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.statusCode()),
                    e.errorType().map(ErrorType::asString).orElse(null), String.valueOf(e.body()));
        } catch (RuntimeException | JsonProcessingException e) {
            Report.error(number, e);
        }
    }

    private void create(int number) {
        HttpResponseFor<Message> response = client.messages().withRawResponse().create(params(), options);
        Message message = response.parse();
        String text = message.content().stream()
                .flatMap(block -> block.text().stream())
                .map(TextBlock::text)
                .collect(Collectors.joining());
        Report.result(number, response.statusCode(), provider(response.headers()), text);
    }

    private void stream(int number) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        HttpResponseFor<StreamResponse<RawMessageStreamEvent>> response =
                client.messages().withRawResponse().createStreaming(params(), options);
        try (StreamResponse<RawMessageStreamEvent> events = response.parse()) {
            events.stream()
                    .flatMap(event -> event.contentBlockDelta().stream())
                    .flatMap(delta -> delta.delta().text().stream())
                    .forEach(delta -> {
                        Report.chunk(number, index.getAndIncrement(), delta.text());
                        content.append(delta.text());
                    });
        }
        Report.result(number, response.statusCode(), provider(response.headers()), content.toString());
    }

    static String provider(Headers headers) {
        List<String> values = headers.values(JdkHttpClientApp.PROVIDER_HEADER);
        return values.isEmpty() ? null : values.get(0);
    }
}
