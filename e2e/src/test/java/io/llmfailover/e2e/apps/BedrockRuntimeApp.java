package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.http.Protocol;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClient;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeAsyncClientBuilder;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.BedrockRuntimeException;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamRequest;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseStreamResponseHandler;
import software.amazon.awssdk.services.bedrockruntime.model.Message;

/**
 * An ordinary app written against the AWS SDK for Java v2's Bedrock Runtime, knowing nothing of the
 * agent: {@code BedrockRuntimeClient.converse} (blocking, on the SDK's default sync HTTP client) or
 * {@code BedrockRuntimeAsyncClient.converse} ({@value #CLIENT_PROPERTY}{@code =async}), and
 * {@code BedrockRuntimeAsyncClient.converseStream} (streaming; event-stream operations are
 * async-only), its text deltas reported as they arrive. Both clients are built with
 * {@code endpointOverride} (the base URL, e.g. {@code http://127.0.0.1:8080}) and static
 * credentials: the api key argument is {@code <access key id>:<secret key>[:<session token>]}.
 * Args: see {@link AppArgs}; modes {@code tools} and {@code tools-stream} play {@link BedrockToolRoundTrip}.
 */
public final class BedrockRuntimeApp {

    /** A JVM option: {@code async} makes blocking calls with {@code BedrockRuntimeAsyncClient.converse}. */
    public static final String CLIENT_PROPERTY = "e2e.bedrock.client";
    /**
     * A JVM option: {@code true} builds the async client's Netty NIO client to speak HTTP/1.1, as an
     * app may, instead of the HTTP/2 (with prior knowledge, in clear text) the SDK picks for Bedrock
     * Runtime, on event loops every run in this JVM shares (the fault matrix runs this once per
     * cell): closing a client then leaves them be instead of waiting two seconds for their shutdown.
     */
    public static final String HTTP1_PROPERTY = "e2e.bedrock.http1";

    private static SdkEventLoopGroup sharedEventLoops;

    static final String MODEL_ID = "anthropic.claude-3-5-haiku-20241022-v1:0";

    private final BedrockRuntimeClient sync;
    private final BedrockRuntimeAsyncClient async;

    private BedrockRuntimeApp(BedrockRuntimeClient sync, BedrockRuntimeAsyncClient async) {
        this.sync = sync;
        this.async = async;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        StaticCredentialsProvider credentials = StaticCredentialsProvider.create(credentials(app.apiKey()));
        URI endpoint = URI.create(app.baseUrl());
        // The SDK's own retries are off so that each call is exactly one request the agent sees,
        // unless a test asks for the SDK's defaults (see SdkRetries).
        ClientOverrideConfiguration.Builder overrides = ClientOverrideConfiguration.builder()
                .apiCallTimeout(Duration.ofSeconds(30));
        if (!SdkRetries.leftAtDefault()) {
            overrides.retryStrategy(AwsRetryStrategy.doNotRetry());
        }
        // Only the client the calls use: the fault matrix runs this once per cell, and closing an
        // unused Netty client would cost each cell its event loops' shutdown.
        boolean asyncCalls = app.streaming() || "async".equals(System.getProperty(CLIENT_PROPERTY));
        BedrockRuntimeClient sync = asyncCalls ? null : BedrockRuntimeClient.builder().region(Region.US_EAST_1)
                .endpointOverride(endpoint).credentialsProvider(credentials)
                .overrideConfiguration(overrides.build()).build();
        BedrockRuntimeAsyncClient async = !asyncCalls ? null : asyncBuilder().region(Region.US_EAST_1)
                .endpointOverride(endpoint).credentialsProvider(credentials)
                .overrideConfiguration(overrides.build()).build();
        try {
            BedrockRuntimeApp bedrockApp = new BedrockRuntimeApp(sync, async);
            app.plan().run(number -> bedrockApp.call(number, app, asyncCalls));
        } finally {
            (asyncCalls ? async : sync).close();
        }
        Report.done();
    }

    private static BedrockRuntimeAsyncClientBuilder asyncBuilder() {
        BedrockRuntimeAsyncClientBuilder builder = BedrockRuntimeAsyncClient.builder();
        if (Boolean.getBoolean(HTTP1_PROPERTY)) {
            builder.httpClientBuilder(NettyNioAsyncHttpClient.builder().protocol(Protocol.HTTP1_1)
                    .eventLoopGroup(sharedEventLoops()));
        }
        return builder;
    }

    private static synchronized SdkEventLoopGroup sharedEventLoops() {
        if (sharedEventLoops == null) {
            sharedEventLoops = SdkEventLoopGroup.builder().build();
        }
        return sharedEventLoops;
    }

    private static AwsCredentials credentials(String key) {
        String[] parts = key.split(":", 3);
        return parts.length == 3 ? AwsSessionCredentials.create(parts[0], parts[1], parts[2])
                : AwsBasicCredentials.create(parts[0], parts[1]);
    }

    private void call(int number, AppArgs app, boolean asyncConverse) {
        try {
            if (app.toolRoundTrip()) {
                new BedrockToolRoundTrip(sync, async).play(number, app.streaming());
            } else if (app.streaming()) {
                converseStream(number);
            } else if (asyncConverse) {
                answered(number, async.converse(converse()).join());
            } else {
                answered(number, sync.converse(converse()));
            }
        } catch (CompletionException e) {
            reportFailure(number, e.getCause());
        } catch (RuntimeException | JsonProcessingException e) {
            reportFailure(number, e);
        }
    }

    private static ConverseRequest converse() {
        return ConverseRequest.builder().modelId(MODEL_ID).messages(question()).build();
    }

    private static Message question() {
        return Message.builder().role(ConversationRole.USER).content(ContentBlock.fromText(ChatExchange.prompt())).build();
    }

    private static void answered(int number, ConverseResponse response) {
        String text = response.output().message().content().stream()
                .map(ContentBlock::text)
                .filter(part -> part != null)
                .collect(Collectors.joining());
        Report.result(number, response.sdkHttpResponse().statusCode(), provider(response.sdkHttpResponse()), text);
    }

    private void converseStream(int number) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        AtomicReference<SdkHttpResponse> head = new AtomicReference<>();
        ConverseStreamResponseHandler handler = ConverseStreamResponseHandler.builder()
                .onResponse(response -> head.set(response.sdkHttpResponse()))
                .subscriber(ConverseStreamResponseHandler.Visitor.builder()
                        .onContentBlockDelta(event -> {
                            String text = event.delta().text();
                            if (text != null) {
                                Report.chunk(number, index.getAndIncrement(), text);
                                content.append(text);
                            }
                        })
                        .build())
                .build();
        async.converseStream(ConverseStreamRequest.builder().modelId(MODEL_ID).messages(question()).build(), handler)
                .join();
        Report.result(number, head.get().statusCode(), provider(head.get()), content.toString());
    }

    /** A failed call as the AWS SDK raised it: a service exception with its status and error code, or any other. */
    static void reportFailure(int number, Throwable failure) {
        if (failure instanceof BedrockRuntimeException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.statusCode()),
                    e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode(), String.valueOf(e.getMessage()));
        } else {
            Report.error(number, failure);
        }
    }

    static String provider(SdkHttpResponse response) {
        return response.firstMatchingHeader(ChatExchange.PROVIDER_HEADER).orElse(null);
    }
}
