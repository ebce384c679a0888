package io.llmfailover.samples.langchain4j;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An ordinary LangChain4j app on its OpenAI models, configured from {@code OPENAI_BASE_URL} and
 * {@code OPENAI_API_KEY}: a few questions, then one streamed answer. It knows nothing of the agent;
 * LangChain4j does not expose response headers, so it prints the model that answered (the backup's
 * model, {@code backup-chat}, shows the agent served the call elsewhere).
 */
public final class ChatApp {

    private static final String MODEL = "gpt-4o";
    private static final List<String> QUESTIONS = List.of(
            "What is a circuit breaker?",
            "Why honour Retry-After?",
            "What is AIMD?",
            "Why fail over on 529?");
    private static final long THINK_TIME_MILLIS = 1200;

    public static void main(String[] args) throws Exception {
        String baseUrl = System.getenv("OPENAI_BASE_URL");
        String apiKey = System.getenv("OPENAI_API_KEY");
        OpenAiChatModel model = OpenAiChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName(MODEL).build();
        OpenAiStreamingChatModel streamingModel =
                OpenAiStreamingChatModel.builder().baseUrl(baseUrl).apiKey(apiKey).modelName(MODEL).build();
        for (String question : QUESTIONS) {
            ChatResponse response = model.chat(dev.langchain4j.model.chat.request.ChatRequest.builder()
                    .messages(dev.langchain4j.data.message.UserMessage.from(question))
                    .build());
            System.out.printf("%-30s -> %s  [model %s]%n", question, response.aiMessage().text(), response.modelName());
            Thread.sleep(THINK_TIME_MILLIS);
        }
        askStreaming(streamingModel, "Stream me a greeting.");
    }

    private static void askStreaming(OpenAiStreamingChatModel model, String question) throws Exception {
        CompletableFuture<ChatResponse> done = new CompletableFuture<>();
        System.out.printf("%-30s -> ", question);
        model.chat(question, new StreamingChatResponseHandler() {
            @Override
            public void onPartialResponse(String text) {
                System.out.print(text);
                System.out.flush();
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
        System.out.printf("  [streamed by model %s]%n", done.get().modelName());
    }
}
