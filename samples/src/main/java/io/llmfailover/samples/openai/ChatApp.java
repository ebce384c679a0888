package io.llmfailover.samples.openai;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.HttpResponseFor;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import java.util.List;

/**
 * An ordinary OpenAI SDK app: it reads {@code OPENAI_BASE_URL} and {@code OPENAI_API_KEY} from the
 * environment like any SDK user, asks a few questions, and streams the last answer ({@code CHAT_ROUNDS}
 * times, once by default: the observability sample keeps it asking). It knows nothing
 * of the agent; it only prints the {@code x-llm-failover-provider} header so you can see who answered.
 */
public final class ChatApp {

    private static final String PROVIDER_HEADER = "x-llm-failover-provider";
    private static final List<String> QUESTIONS = List.of(
            "What is a circuit breaker?",
            "Why honour Retry-After?",
            "What is AIMD?",
            "Why fail over on 529?");
    private static final long THINK_TIME_MILLIS = 1200;

    public static void main(String[] args) throws InterruptedException {
        OpenAIClient client = OpenAIOkHttpClient.fromEnv();
        int rounds = Integer.parseInt(System.getenv().getOrDefault("CHAT_ROUNDS", "1"));
        try {
            for (int round = 0; round < rounds; round++) {
                for (String question : QUESTIONS) {
                    ask(client, question);
                    Thread.sleep(THINK_TIME_MILLIS);
                }
                askStreaming(client, "Stream me a greeting.");
            }
        } finally {
            client.close();
        }
    }

    private static void ask(OpenAIClient client, String question) {
        try (HttpResponseFor<ChatCompletion> response =
                client.chat().completions().withRawResponse().create(params(question))) {
            String answer = response.parse().choices().get(0).message().content().orElse("");
            System.out.printf("%-30s -> %s  [served by %s]%n", question, answer, servedBy(response.headers().values(PROVIDER_HEADER)));
        }
    }

    private static void askStreaming(OpenAIClient client, String question) {
        try (HttpResponseFor<StreamResponse<ChatCompletionChunk>> response =
                client.chat().completions().withRawResponse().createStreaming(params(question))) {
            System.out.printf("%-30s -> ", question);
            try (StreamResponse<ChatCompletionChunk> chunks = response.parse()) {
                chunks.stream()
                        .flatMap(chunk -> chunk.choices().stream())
                        .forEach(choice -> choice.delta().content().ifPresent(text -> {
                            System.out.print(text);
                            System.out.flush();
                        }));
            }
            System.out.printf("  [streamed by %s]%n", servedBy(response.headers().values(PROVIDER_HEADER)));
        }
    }

    private static ChatCompletionCreateParams params(String question) {
        return ChatCompletionCreateParams.builder().model("gpt-4o").addUserMessage(question).build();
    }

    private static String servedBy(List<String> providerHeader) {
        return providerHeader.isEmpty() ? "the provider the app addressed" : providerHeader.get(0);
    }
}
