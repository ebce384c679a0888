package io.llmfailover.e2e.apps;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.MultipartField;
import com.openai.core.http.StreamResponse;
import com.openai.errors.OpenAIServiceException;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.files.FileCreateParams;
import com.openai.models.files.FileObject;
import com.openai.models.files.FilePurpose;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An ordinary app written against the official OpenAI Java SDK, knowing nothing of the agent: chat
 * completions, or (mode {@code upload}) a large file through the files API. Args: see {@link AppArgs}.
 */
public final class OpenAiSdkApp {

    private final OpenAIClient client;

    /** The question, as each call asks it (a call plan may change it between calls). */
    private static ChatCompletionCreateParams params() {
        return ChatCompletionCreateParams.builder().model("gpt-4o").addUserMessage(ChatExchange.prompt()).build();
    }

    private OpenAiSdkApp(OpenAIClient client) {
        this.client = client;
    }

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        run(app);
        Report.done();
    }

    static void run(AppArgs app) throws Exception {
        // The SDK's own retries are off so that each call is exactly one request the agent sees,
        // unless a test asks for the SDK's defaults (see SdkRetries).
        OpenAIOkHttpClient.Builder builder = OpenAIOkHttpClient.builder()
                .baseUrl(app.baseUrl())
                .apiKey(app.apiKey())
                .timeout(Duration.ofSeconds(30));
        AppArgs.routeHeader(builder::putHeader);
        if (!SdkRetries.leftAtDefault()) {
            builder.maxRetries(0);
        }
        if (app.followsRedirects()) {
            builder.followRedirects(true); // OkHttp's default, set all the same
        }
        OpenAIClient client = builder.build();
        try {
            OpenAiSdkApp sdkApp = new OpenAiSdkApp(client);
            app.plan().run(number -> sdkApp.call(number, app.streaming(), app.uploading()));
        } finally {
            client.close();
        }
    }

    private void call(int number, boolean streaming, boolean uploading) {
        try {
            if (uploading) {
                upload(number);
            } else if (streaming) {
                stream(number);
            } else {
                complete(number);
            }
        } catch (OpenAIServiceException e) {
            Report.error(number, e.getClass().getSimpleName(), String.valueOf(e.statusCode()),
                    e.code().orElse(null), String.valueOf(e.body()));
        } catch (RuntimeException e) {
            Report.error(number, e);
        }
    }

    private void complete(int number) {
        ChatCompletion completion = client.chat().completions().create(params());
        String content = completion.choices().get(0).message().content().orElse("");
        Report.result(number, 200, null, content);
    }

    /** The SDK's files API, the file given as an input stream it reads as it sends. */
    private void upload(int number) {
        FileObject file = client.files().create(FileCreateParams.builder()
                .file(MultipartField.<InputStream>builder()
                        .value(GeneratedUpload.content())
                        .filename(GeneratedUpload.FILENAME)
                        .contentType("application/octet-stream")
                        .build())
                .purpose(FilePurpose.ASSISTANTS)
                .build());
        Report.result(number, 200, null, "{\"id\":\"" + file.id() + "\",\"bytes\":" + file.bytes() + "}");
    }

    private void stream(int number) {
        StringBuilder content = new StringBuilder();
        AtomicInteger index = new AtomicInteger();
        try (StreamResponse<ChatCompletionChunk> chunks = client.chat().completions().createStreaming(params())) {
            chunks.stream()
                    .flatMap(chunk -> chunk.choices().stream())
                    .forEach(choice -> choice.delta().content().ifPresent(text -> {
                        Report.chunk(number, index.getAndIncrement(), text);
                        content.append(text);
                    }));
        }
        Report.result(number, 200, null, content.toString());
    }
}
