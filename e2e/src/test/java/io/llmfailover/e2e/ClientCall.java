package io.llmfailover.e2e;

import io.llmfailover.e2e.apps.JdkHttpClientApp;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import java.nio.file.Path;

/** Each way an unmodified app makes an LLM call in these tests: which client, blocking or streaming. */
enum ClientCall {
    SDK_BLOCKING(OpenAiSdkApp.class, "blocking"),
    SDK_STREAM(OpenAiSdkApp.class, "stream"),
    JDK_BLOCKING(JdkHttpClientApp.class, "blocking"),
    JDK_STREAM(JdkHttpClientApp.class, "stream");

    final Class<?> app;
    final String mode;

    ClientCall(Class<?> app, String mode) {
        this.app = app;
        this.mode = mode;
    }

    boolean streams() {
        return mode.equals("stream");
    }

    /** The raw client sees response headers; the SDK's typed results do not expose them. */
    boolean seesHeaders() {
        return app == JdkHttpClientApp.class;
    }

    /** A child JVM running this app against {@code baseUrl} with the app's key and a call plan. */
    ChildJvm launch(Path workingDirectory, String baseUrl, String apiKey, String plan) {
        return ChildJvm.of(app, workingDirectory).args(baseUrl, apiKey, mode, plan);
    }
}
