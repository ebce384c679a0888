package io.llmfailover.samples.springai;

import java.util.List;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.ai.openai.api.OpenAiApi;

/**
 * An ordinary Spring AI app on its OpenAI chat model (blocking calls over {@code RestClient},
 * streaming over {@code WebClient}), configured from {@code OPENAI_BASE_URL} (the host, as Spring AI
 * takes it) and {@code OPENAI_API_KEY}. No Spring Boot, to stay short. It knows nothing of the agent;
 * it prints the model that answered (the backup's model, {@code backup-chat}, shows the agent served
 * the call elsewhere).
 */
public final class ChatApp {

    private static final List<String> QUESTIONS = List.of(
            "What is a circuit breaker?",
            "Why honour Retry-After?",
            "What is AIMD?",
            "Why fail over on 529?");
    private static final long THINK_TIME_MILLIS = 1200;

    public static void main(String[] args) throws InterruptedException {
        OpenAiApi api = OpenAiApi.builder()
                .baseUrl(System.getenv("OPENAI_BASE_URL"))
                .apiKey(System.getenv("OPENAI_API_KEY"))
                .build();
        OpenAiChatModel model = OpenAiChatModel.builder()
                .openAiApi(api)
                .defaultOptions(OpenAiChatOptions.builder().model("gpt-4o").build())
                .build();
        for (String question : QUESTIONS) {
            ChatResponse response = model.call(new Prompt(question));
            System.out.printf("%-30s -> %s  [model %s]%n", question, response.getResult().getOutput().getText(),
                    response.getMetadata().getModel());
            Thread.sleep(THINK_TIME_MILLIS);
        }
        String question = "Stream me a greeting.";
        System.out.printf("%-30s -> ", question);
        ChatResponse last = model.stream(new Prompt(question))
                .doOnNext(chunk -> {
                    if (chunk.getResult() != null && chunk.getResult().getOutput().getText() != null) {
                        System.out.print(chunk.getResult().getOutput().getText());
                        System.out.flush();
                    }
                })
                .blockLast();
        System.out.printf("  [streamed by model %s]%n", last == null ? "-" : last.getMetadata().getModel());
        System.exit(0); // Reactor Netty's event loop threads are not daemons
    }
}
