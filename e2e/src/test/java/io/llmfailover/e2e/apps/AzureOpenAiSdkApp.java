package io.llmfailover.e2e.apps;

import com.azure.ai.openai.OpenAIClient;
import com.azure.ai.openai.OpenAIClientBuilder;
import com.azure.ai.openai.models.ChatChoice;
import com.azure.ai.openai.models.ChatCompletions;
import com.azure.ai.openai.models.ChatCompletionsOptions;
import com.azure.ai.openai.models.ChatRequestUserMessage;
import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.core.http.policy.FixedDelayOptions;
import com.azure.core.http.policy.RetryOptions;
import com.azure.core.http.rest.RequestOptions;
import com.azure.core.http.rest.Response;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.core.util.HttpClientOptions;
import com.azure.core.util.IterableStream;
import java.time.Duration;
import java.util.List;

/**
 * An app on the Azure OpenAI SDK ({@code azure-ai-openai}) with its default transport, Reactor
 * Netty through azure-core-http-netty, calling an Azure-style resource: {@code <endpoint>/openai/deployments/gpt-4o/chat/completions?api-version=…}
 * with its key in {@code api-key}. The endpoint is the base URL it is given. The key is added by a
 * policy of the app's own: the SDK's key credential refuses plain http, and the stubs are loopback
 * http. The SDK's own retries are off, as in the other apps. Args: see {@link AppArgs}. Its own
 * timeouts ({@link AppArgs#APP_TIMEOUT_PROPERTY}), set on the transport with azure-core's
 * {@code HttpClientOptions}: {@code response} is {@code setResponseTimeout} (request sent to
 * response head), {@code read} is {@code setReadTimeout} (between reads of the body); {@code call}
 * is a response timeout of each call's own, in its {@code Context} ({@code azure-response-timeout}).
 */
public final class AzureOpenAiSdkApp {

    static final String DEPLOYMENT = "gpt-4o";
    private static final HttpHeaderName PROVIDER = HttpHeaderName.fromString(ChatExchange.PROVIDER_HEADER);

    private final OpenAIClient client;

    /**
     * Its transport's Reactor Netty client follows no redirect by default; following on hands the
     * transport a client made with {@code followRedirect(true)}.
     */
    private AzureOpenAiSdkApp(AppArgs app) {
        OpenAIClientBuilder builder = new OpenAIClientBuilder();
        if (app.followsRedirects()) {
            builder.httpClient(new NettyAsyncHttpClientBuilder(reactor.netty.http.client.HttpClient.create().followRedirect(true))
                    .build());
        } else if (ownTimeouts() != null) {
            builder.httpClient(HttpClient.createDefault(ownTimeouts()));
        }
        this.client = builder
                .endpoint(app.baseUrl())
                .addPolicy(new AddHeadersPolicy(withRoute(new HttpHeaders().set(HttpHeaderName.fromString("api-key"), app.apiKey()))))
                .retryOptions(new RetryOptions(new FixedDelayOptions(0, Duration.ofMillis(1))))
                .buildClient();
    }

    /** The transport's options with the app's own timeout, or null when it sets none. */
    private static HttpClientOptions ownTimeouts() {
        Duration response = AppArgs.ownTimeout("response");
        Duration read = AppArgs.ownTimeout("read");
        if (response == null && read == null) {
            return null;
        }
        HttpClientOptions options = new HttpClientOptions();
        if (response != null) {
            options.setResponseTimeout(response);
        }
        if (read != null) {
            options.setReadTimeout(read);
        }
        return options;
    }

    private static HttpHeaders withRoute(HttpHeaders headers) {
        AppArgs.routeHeader((name, value) -> headers.set(HttpHeaderName.fromString(name), value));
        return headers;
    }

    public static void main(String[] args) throws Exception {
        run(args);
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }

    /** The app's calls, without ending the JVM: for a host that runs it more than once. */
    public static void run(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        AzureOpenAiSdkApp azureApp = new AzureOpenAiSdkApp(app);
        app.plan().run(number -> azureApp.call(number, app.streaming()));
        Report.done();
    }

    private void call(int number, boolean stream) {
        ChatCompletionsOptions options = new ChatCompletionsOptions(List.of(new ChatRequestUserMessage(ChatExchange.prompt())));
        try {
            if (stream) {
                stream(number, options);
            } else {
                Response<ChatCompletions> response = client.getChatCompletionsWithResponse(DEPLOYMENT, options, requestOptions());
                Report.result(number, response.getStatusCode(), response.getHeaders().getValue(PROVIDER),
                        response.getValue().getChoices().get(0).getMessage().getContent());
            }
        } catch (HttpResponseException e) {
            Report.error(number, "HttpResponseException", String.valueOf(e.getResponse().getStatusCode()), null, bodyOf(e));
        } catch (RuntimeException e) {
            Report.error(number, unwrapped(e));
        }
    }

    /** Each call's options: with its own response timeout, when the app sets one. */
    private static RequestOptions requestOptions() {
        Duration timeout = AppArgs.ownTimeout("call");
        return timeout == null ? new RequestOptions() : new RequestOptions().setContext(new Context("azure-response-timeout", timeout));
    }

    /** What the sync client wrapped: a timeout is raised as a {@code RuntimeException} (or Reactor's) around it. */
    private static Throwable unwrapped(RuntimeException e) {
        boolean wrapper = e.getClass() == RuntimeException.class || e.getClass().getName().startsWith("reactor.core.Exceptions");
        return wrapper && e.getCause() != null ? e.getCause() : e;
    }

    /** The error body as the provider sent it: the exception's value, or what its message quotes ({@code Status code 429, "<body>"}). */
    private static String bodyOf(HttpResponseException e) {
        Object value = e.getValue();
        if (value instanceof String || value instanceof BinaryData) {
            return value.toString();
        }
        String message = e.getMessage();
        int quote = message.indexOf('"');
        return quote >= 0 && message.endsWith("\"") ? message.substring(quote + 1, message.length() - 1) : message;
    }

    private void stream(int number, ChatCompletionsOptions options) {
        Response<IterableStream<ChatCompletions>> response =
                client.getChatCompletionsStreamWithResponse(DEPLOYMENT, options, requestOptions());
        StringBuilder content = new StringBuilder();
        int index = 0;
        for (ChatCompletions chunk : response.getValue()) {
            for (ChatChoice choice : chunk.getChoices()) {
                String text = choice.getDelta() == null ? null : choice.getDelta().getContent();
                if (text != null && !text.isEmpty()) {
                    Report.chunk(number, index++, text);
                    content.append(text);
                }
            }
        }
        Report.result(number, response.getStatusCode(), response.getHeaders().getValue(PROVIDER), content.toString());
    }
}
