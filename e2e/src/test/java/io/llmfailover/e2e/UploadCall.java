package io.llmfailover.e2e;

import io.llmfailover.e2e.apps.ApacheHttp4App;
import io.llmfailover.e2e.apps.ApacheHttp5App;
import io.llmfailover.e2e.apps.ApacheHttp5AsyncApp;
import io.llmfailover.e2e.apps.JdkHttpClientApp;
import io.llmfailover.e2e.apps.OkHttp3App;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import io.llmfailover.e2e.apps.SpringAiOpenAiApp;
import io.llmfailover.e2e.apps.UrlConnectionApp;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Each way an unmodified app uploads a large file in these tests (the apps' mode {@code upload}),
 * in a JVM whose heap is far smaller than the file, so that buffering it anywhere fails the call.
 */
enum UploadCall {
    JDK(JdkHttpClientApp.class),
    OKHTTP3(OkHttp3App.class),
    URLCONNECTION(UrlConnectionApp.class),
    APACHE4(ApacheHttp4App.class),
    APACHE5(ApacheHttp5App.class),
    APACHE5_ASYNC(ApacheHttp5AsyncApp.class),
    /** Over the JDK request factory, the one Spring picks when no other HTTP library is on the class path. */
    SPRING_RESTCLIENT(SpringAiOpenAiApp.class, "-D" + SpringAiOpenAiApp.FACTORY_PROPERTY + "=jdk",
            "-D" + SpringAiOpenAiApp.UPLOAD_CLIENT_PROPERTY + "=restclient"),
    /** Over its default connector, Reactor Netty. */
    SPRING_WEBCLIENT(SpringAiOpenAiApp.class, "-D" + SpringAiOpenAiApp.UPLOAD_CLIENT_PROPERTY + "=webclient"),
    /** The files API of the OpenAI SDK (on OkHttp 4). */
    OPENAI_SDK(OpenAiSdkApp.class);

    /** Far less than the file: the upload must stream. */
    static final String HEAP = "-Xmx128m";
    /** Long enough for a JVM to start and stream 200 MB over loopback several times over. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    final Class<?> app;
    private final String[] jvmArgs;

    UploadCall(Class<?> app, String... jvmArgs) {
        this.app = app;
        this.jvmArgs = jvmArgs;
    }

    /**
     * A child JVM uploading one file to {@code baseUrl + "/files"}. An OutOfMemoryError on any
     * thread ends it at once, with the error on stderr, rather than leaving a call hanging.
     */
    ChildJvm launch(Path workingDirectory, String baseUrl, String apiKey) {
        ChildJvm child = ChildJvm.of(app, workingDirectory)
                .jvmArg(HEAP)
                .jvmArg("-XX:+ExitOnOutOfMemoryError")
                .args(baseUrl, apiKey, "upload", "1")
                .timeout(TIMEOUT);
        for (String option : jvmArgs) {
            child.jvmArg(option);
        }
        return app == OkHttp3App.class ? child.classPath(ClientCall.okHttp3ClassPath()) : child;
    }
}
