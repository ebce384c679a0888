package io.llmfailover.e2e;

import io.llmfailover.e2e.apps.ApacheHttp4App;
import io.llmfailover.e2e.apps.ApacheHttp5App;
import io.llmfailover.e2e.apps.JdkHttpClientApp;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import io.llmfailover.e2e.apps.UrlConnectionApp;
import java.nio.file.Path;

/** Each way an unmodified app makes an LLM call in these tests: which client, blocking or streaming. */
enum ClientCall {
    SDK_BLOCKING(OpenAiSdkApp.class, "blocking"),
    SDK_STREAM(OpenAiSdkApp.class, "stream"),
    JDK_BLOCKING(JdkHttpClientApp.class, "blocking"),
    JDK_STREAM(JdkHttpClientApp.class, "stream"),
    URLCONNECTION_BLOCKING(UrlConnectionApp.class, "blocking"),
    URLCONNECTION_STREAM(UrlConnectionApp.class, "stream"),
    APACHE5_BLOCKING(ApacheHttp5App.class, "blocking"),
    APACHE5_STREAM(ApacheHttp5App.class, "stream"),
    APACHE4_BLOCKING(ApacheHttp4App.class, "blocking"),
    APACHE4_STREAM(ApacheHttp4App.class, "stream");

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
        return app == JdkHttpClientApp.class
                || app == UrlConnectionApp.class || app == ApacheHttp5App.class || app == ApacheHttp4App.class;
    }

    /** A child JVM running this app against {@code baseUrl} with the app's key and a call plan. */
    ChildJvm launch(Path workingDirectory, String baseUrl, String apiKey, String plan) {
        return ChildJvm.of(app, workingDirectory).args(baseUrl, apiKey, mode, plan);
    }
}
