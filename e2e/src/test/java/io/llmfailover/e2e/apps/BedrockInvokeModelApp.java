package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClient;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.InvokeModelRequest;
import software.amazon.awssdk.services.bedrockruntime.model.InvokeModelResponse;
import software.amazon.awssdk.services.bedrockruntime.model.InvokeModelWithResponseStreamRequest;
import software.amazon.awssdk.services.bedrockruntime.model.InvokeModelWithResponseStreamResponseHandler;

/**
 * An ordinary app calling Claude through the AWS SDK for Java v2's InvokeModel, knowing nothing of
 * the agent: {@code BedrockRuntimeClient.invokeModel} (blocking, the SDK's default sync HTTP client)
 * and {@code BedrockRuntimeAsyncClient.invokeModelWithResponseStream} (streaming, its Netty client),
 * with an Anthropic Messages body it writes and answers it reads itself, as such apps do. Credentials
 * are static: the api key argument is {@code <access key id>:<secret key>}, with {@link
 * #SESSION_TOKEN}. Args: see {@link AppArgs}.
 */
public final class BedrockInvokeModelApp {

    public static final String MODEL_ID = "anthropic.claude-3-5-haiku-20241022-v1:0";
    public static final String SESSION_TOKEN = "app-session-token-invokemodel-sdk";
    private static final ObjectMapper JSON = new ObjectMapper();

    private BedrockInvokeModelApp() {}

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        String[] key = app.apiKey().split(":", 2);
        StaticCredentialsProvider credentials = StaticCredentialsProvider.create(
                AwsSessionCredentials.create(key[0], key[1], SESSION_TOKEN));
        ClientOverrideConfiguration overrides = ClientOverrideConfiguration.builder()
                .apiCallTimeout(Duration.ofSeconds(30)).retryStrategy(AwsRetryStrategy.doNotRetry()).build();
        URI endpoint = URI.create(app.baseUrl());
        try (BedrockRuntimeClient sync = BedrockRuntimeClient.builder().region(Region.US_EAST_1)
                        .endpointOverride(endpoint).credentialsProvider(credentials).overrideConfiguration(overrides).build();
                BedrockRuntimeAsyncClient async = BedrockRuntimeAsyncClient.builder().region(Region.US_EAST_1)
                        .endpointOverride(endpoint).credentialsProvider(credentials).overrideConfiguration(overrides).build()) {
            app.plan().run(number -> call(number, app.streaming(), sync, async));
        }
        Report.done();
    }

    private static void call(int number, boolean streaming, BedrockRuntimeClient sync, BedrockRuntimeAsyncClient async) {
        try {
            if (streaming) {
                stream(number, async);
            } else {
                InvokeModelResponse response = sync.invokeModel(InvokeModelRequest.builder().modelId(MODEL_ID)
                        .contentType("application/json").accept("application/json").body(body()).build());
                JsonNode message = JSON.readTree(response.body().asUtf8String());
                Report.result(number, response.sdkHttpResponse().statusCode(), BedrockRuntimeApp.provider(response.sdkHttpResponse()),
                        message.at("/content/0/text").asText());
            }
        } catch (CompletionException e) {
            BedrockRuntimeApp.reportFailure(number, e.getCause());
        } catch (RuntimeException | IOException e) {
            BedrockRuntimeApp.reportFailure(number, e);
        }
    }

    private static void stream(int number, BedrockRuntimeAsyncClient async) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        AtomicReference<SdkHttpResponse> head = new AtomicReference<>();
        InvokeModelWithResponseStreamResponseHandler handler = InvokeModelWithResponseStreamResponseHandler.builder()
                .onResponse(response -> head.set(response.sdkHttpResponse()))
                .subscriber(InvokeModelWithResponseStreamResponseHandler.Visitor.builder()
                        .onChunk(part -> {
                            JsonNode event = parse(part.bytes());
                            if (event.path("type").asText().equals("content_block_delta")) {
                                String text = event.at("/delta/text").asText();
                                Report.chunk(number, index.getAndIncrement(), text);
                                content.append(text);
                            }
                        })
                        .build())
                .build();
        async.invokeModelWithResponseStream(InvokeModelWithResponseStreamRequest.builder().modelId(MODEL_ID)
                .contentType("application/json").accept("application/json").body(body()).build(), handler).join();
        Report.result(number, head.get().statusCode(), BedrockRuntimeApp.provider(head.get()), content.toString());
    }

    /** Claude's Messages body as Bedrock takes it: {@code anthropic_version} in it, the model in the path. */
    private static SdkBytes body() {
        ObjectNode body = JSON.createObjectNode().put("anthropic_version", "bedrock-2023-05-31").put("max_tokens", 256)
                .put("system", "Answer briefly.");
        body.putArray("messages").addObject().put("role", "user").put("content", ChatExchange.prompt());
        return SdkBytes.fromUtf8String(body.toString());
    }

    private static JsonNode parse(SdkBytes bytes) {
        try {
            return JSON.readTree(bytes.asByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
