package io.llmfailover.benchmarks.load;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;

/**
 * The first call of a real SDK app, for the agent's start-up cost on it: the OpenAI Java SDK (on
 * OkHttp, its own transport) makes one chat call to the base URL given, prints hello with its
 * resident memory as {@link HelloApp} does, and exits. Runs on {@code target/sdk-libs}.
 */
public final class SdkHelloApp {

    private SdkHelloApp() {}

    public static void main(String[] args) throws Exception {
        OpenAIClient client = OpenAIOkHttpClient.builder().baseUrl(args[0]).apiKey("sk-bench-app-key").maxRetries(0)
                .build();
        ChatCompletion completion = client.chat().completions().create(ChatCompletionCreateParams.builder()
                .model("gpt-4o").addUserMessage("hello").build());
        System.out.println("answer=" + completion.choices().get(0).message().content().orElse(""));
        client.close();
        HelloApp.main(new String[0]);
    }
}
