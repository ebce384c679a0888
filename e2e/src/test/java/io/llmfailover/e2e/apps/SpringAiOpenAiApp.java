package io.llmfailover.e2e.apps;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.ai.openai.api.OpenAiApi;
import org.springframework.ai.retry.NonTransientAiException;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletion;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionChunk;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionMessage;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionMessage.Role;
import org.springframework.ai.openai.api.OpenAiApi.ChatCompletionRequest;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;

/**
 * An ordinary app on Spring AI's OpenAI client, built the way Spring AI builds it: blocking calls go
 * through a {@code RestClient} (over Apache HttpClient 5 or the JDK client), streaming ones through a {@code WebClient} (Reactor Netty). No Spring
 * Boot, no retry template: each call is one request the agent sees. Args: see {@link AppArgs}.
 */
public final class SpringAiOpenAiApp {

    /** The system property that picks the RestClient's request factory. */
    public static final String FACTORY_PROPERTY = "e2e.spring.request-factory";

    private final OpenAiApi api;

    private SpringAiOpenAiApp(OpenAiApi api) {
        this.api = api;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        // Spring AI's base URL is the host; it adds /v1/chat/completions itself.
        String root = app.baseUrl().replaceFirst("/v1$", "");
        RestClient.Builder restClient = RestClient.builder().requestFactory(requestFactory());
        SpringAiOpenAiApp springApp = new SpringAiOpenAiApp(
                OpenAiApi.builder().baseUrl(root).apiKey(app.apiKey()).restClientBuilder(restClient).build());
        app.plan().run(number -> springApp.call(number, app.streaming()));
        Report.done();
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    /**
     * Apache HttpClient 5, as Spring picks it from this class path, with its own retries off: they
     * would retry the agent's attempts on 429 and 503 (see the README's Clients and SDKs). Or, with
     * {@value #FACTORY_PROPERTY}{@code =jdk}, the JDK {@code HttpClient}, as Spring picks it when
     * Apache is absent.
     */
    private static ClientHttpRequestFactory requestFactory() {
        if ("jdk".equals(System.getProperty(FACTORY_PROPERTY))) {
            return new JdkClientHttpRequestFactory();
        }
        return new HttpComponentsClientHttpRequestFactory(HttpClients.custom().disableAutomaticRetries().build());
    }

    private void call(int number, boolean streaming) {
        try {
            if (streaming) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (WebClientResponseException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.getStatusCode().value()), null,
                    e.getResponseBodyAsString());
        } catch (NonTransientAiException e) {
            // Spring AI's error handler puts the status first in the message: "400 - {body}".
            String message = String.valueOf(e.getMessage());
            Report.error(number, e.getClass().getSimpleName(), message.split(" ", 2)[0], null, message);
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private void complete(int number) {
        ChatCompletion completion = api.chatCompletionEntity(request(false)).getBody();
        Report.result(number, 200, null, completion.choices().get(0).message().content());
    }

    private void stream(int number) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        api.chatCompletionStream(request(true))
                .flatMapIterable(ChatCompletionChunk::choices)
                .mapNotNull(choice -> choice.delta() == null ? null : choice.delta().content())
                .doOnNext(text -> {
                    Report.chunk(number, index.getAndIncrement(), text);
                    content.append(text);
                })
                .blockLast();
        Report.result(number, 200, null, content.toString());
    }

    private static ChatCompletionRequest request(boolean stream) {
        return new ChatCompletionRequest(List.of(new ChatCompletionMessage("Say hello", Role.USER)), "gpt-4o", (Double) null, stream);
    }
}
