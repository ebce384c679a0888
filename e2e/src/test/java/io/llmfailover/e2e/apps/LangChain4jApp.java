package io.llmfailover.e2e.apps;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.jdk.JdkHttpClientBuilder;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An ordinary app on LangChain4j's OpenAI models, on their default transport (the JDK's
 * {@code HttpClient}). Args: see {@link AppArgs}.
 */
public final class LangChain4jApp {

    private final AppArgs app;
    private final OpenAiChatModel model;
    private final OpenAiStreamingChatModel streamingModel;

    private LangChain4jApp(AppArgs app) {
        this.app = app;
        this.model = OpenAiChatModel.builder()
                .httpClientBuilder(transport(app))
                .baseUrl(app.baseUrl())
                .apiKey(app.apiKey())
                .modelName("gpt-4o")
                .maxRetries(0)
                .timeout(Duration.ofSeconds(30))
                .customHeaders(routeHeaders())
                .build();
        this.streamingModel = OpenAiStreamingChatModel.builder()
                .httpClientBuilder(transport(app))
                .baseUrl(app.baseUrl())
                .apiKey(app.apiKey())
                .modelName("gpt-4o")
                .timeout(Duration.ofSeconds(30))
                .customHeaders(routeHeaders())
                .build();
    }

    /**
     * LangChain4j's JDK transport, on a JDK client that follows no redirect ({@code Redirect.NEVER},
     * the default) or, with following on, {@code Redirect.ALWAYS}.
     */
    private static JdkHttpClientBuilder transport(AppArgs app) {
        return new JdkHttpClientBuilder().httpClientBuilder(HttpClient.newBuilder()
                .followRedirects(app.followsRedirects() ? HttpClient.Redirect.ALWAYS : HttpClient.Redirect.NEVER));
    }

    private static Map<String, String> routeHeaders() {
        Map<String, String> headers = new HashMap<>();
        AppArgs.routeHeader(headers::put);
        return headers;
    }

    public static void main(String[] args) throws Exception {
        LangChain4jApp lc4jApp = new LangChain4jApp(AppArgs.parse(args));
        lc4jApp.app.plan().run(lc4jApp::call);
        Report.done();
    }

    private void call(int number) throws InterruptedException {
        try {
            if (app.streaming()) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (ExecutionException e) {
            report(number, e.getCause());
        } catch (RuntimeException e) {
            report(number, e);
        }
    }

    /** LangChain4j wraps the provider's status in an {@link HttpException} cause. */
    private static void report(int number, Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpException http) {
                Report.error(number, failure.getClass().getSimpleName(), String.valueOf(http.statusCode()), null,
                        String.valueOf(http.getMessage()));
                return;
            }
        }
        Report.error(number, failure);
    }

    private void complete(int number) {
        Report.result(number, 200, null, model.chat("Say hello"));
    }

    private void stream(int number) throws InterruptedException, ExecutionException {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        AtomicInteger index = new AtomicInteger();
        streamingModel.chat("Say hello", new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String text) {
                Report.chunk(number, index.getAndIncrement(), text);
            }

            @Override
            public void onCompleteResponse(ChatResponse response) {
                done.complete(response);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }
        });
        try {
            Report.result(number, 200, null, done.get(30, TimeUnit.SECONDS).aiMessage().text());
        } catch (TimeoutException e) {
            Report.error(number, e);
        }
    }
}
