package io.llmfailover.samples.anthropic;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.core.http.HttpResponseFor;
import com.anthropic.core.http.StreamResponse;
import com.anthropic.models.messages.Message;
import com.anthropic.models.messages.MessageCreateParams;
import com.anthropic.models.messages.RawMessageStreamEvent;
import com.anthropic.models.messages.TextBlock;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An ordinary Anthropic SDK app: it reads {@code ANTHROPIC_BASE_URL} and {@code ANTHROPIC_API_KEY}
 * from the environment like any SDK user, asks a few questions, and streams the last answer. It
 * knows nothing of the agent; it only prints the {@code x-llm-failover-provider} header so you can
 * see who answered.
 */
public final class ChatApp {

    private static final String PROVIDER_HEADER = "x-llm-failover-provider";
    private static final List<String> QUESTIONS = List.of(
            "What does a 529 mean?",
            "Why fail over across protocols?",
            "What is a circuit breaker?",
            "Why honour Retry-After?");
    private static final long THINK_TIME_MILLIS = 1200;

    public static void main(String[] args) throws InterruptedException {
        AnthropicClient client = AnthropicOkHttpClient.fromEnv();
        try {
            for (String question : QUESTIONS) {
                ask(client, question);
                Thread.sleep(THINK_TIME_MILLIS);
            }
            askStreaming(client, "Stream me a greeting.");
        } finally {
            client.close();
        }
    }

    private static void ask(AnthropicClient client, String question) {
        HttpResponseFor<Message> response = client.messages().withRawResponse().create(params(question));
        String answer = response.parse().content().stream()
                .flatMap(block -> block.text().stream())
                .map(TextBlock::text)
                .collect(Collectors.joining());
        System.out.printf("%-32s -> %s  [served by %s]%n", question, answer, servedBy(response.headers().values(PROVIDER_HEADER)));
    }

    private static void askStreaming(AnthropicClient client, String question) {
        HttpResponseFor<StreamResponse<RawMessageStreamEvent>> response =
                client.messages().withRawResponse().createStreaming(params(question));
        System.out.printf("%-32s -> ", question);
        try (StreamResponse<RawMessageStreamEvent> events = response.parse()) {
            events.stream()
                    .flatMap(event -> event.contentBlockDelta().stream())
                    .flatMap(delta -> delta.delta().text().stream())
                    .forEach(delta -> {
                        System.out.print(delta.text());
                        System.out.flush();
                    });
        }
        System.out.printf("  [streamed by %s]%n", servedBy(response.headers().values(PROVIDER_HEADER)));
    }

    private static MessageCreateParams params(String question) {
        return MessageCreateParams.builder().model("claude-sonnet-4-5").maxTokens(300).addUserMessage(question).build();
    }

    private static String servedBy(List<String> providerHeader) {
        return providerHeader.isEmpty() ? "the provider the app addressed" : providerHeader.get(0);
    }
}
