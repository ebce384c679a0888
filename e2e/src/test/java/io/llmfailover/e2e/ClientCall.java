package io.llmfailover.e2e;

import io.llmfailover.e2e.apps.AnthropicSdkApp;
import io.llmfailover.e2e.apps.ApacheHttp4App;
import io.llmfailover.e2e.apps.ApacheHttp5App;
import io.llmfailover.e2e.apps.ApacheHttp5AsyncApp;
import io.llmfailover.e2e.apps.AzureOpenAiSdkApp;
import io.llmfailover.e2e.apps.BedrockRuntimeApp;
import io.llmfailover.e2e.apps.CallPlan;
import io.llmfailover.e2e.apps.FaultMatrixApp;
import io.llmfailover.e2e.apps.FirstCallsApp;
import io.llmfailover.e2e.apps.GoogleGenAiSdkApp;
import io.llmfailover.e2e.apps.JdkHttpClientApp;
import io.llmfailover.e2e.apps.JettyHttpClientApp;
import io.llmfailover.e2e.apps.JettyWebClientApp;
import io.llmfailover.e2e.apps.KtorCioApp;
import io.llmfailover.e2e.apps.LangChain4jApp;
import io.llmfailover.e2e.apps.MicronautHttpClientApp;
import io.llmfailover.e2e.apps.OkHttp3App;
import io.llmfailover.e2e.apps.OpenAiSdkApp;
import io.llmfailover.e2e.apps.ReactorNettyApp;
import io.llmfailover.e2e.apps.SpringAiOpenAiApp;
import io.llmfailover.e2e.apps.UrlConnectionApp;
import io.llmfailover.e2e.apps.VertxHttpClientApp;
import io.llmfailover.e2e.apps.VertxWebClientApp;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Each way an unmodified app makes an LLM call in these tests: which client, blocking or streaming. */
enum ClientCall {
    SDK_BLOCKING(OpenAiSdkApp.class, "blocking"),
    SDK_STREAM(OpenAiSdkApp.class, "stream"),
    JDK_BLOCKING(JdkHttpClientApp.class, "blocking"),
    JDK_STREAM(JdkHttpClientApp.class, "stream"),
    OKHTTP3_BLOCKING(OkHttp3App.class, "blocking"),
    OKHTTP3_STREAM(OkHttp3App.class, "stream"),
    SPRING_AI_BLOCKING(SpringAiOpenAiApp.class, "blocking", "NonTransientAiException"),
    SPRING_AI_JDK_BLOCKING(SpringAiOpenAiApp.class, "blocking", "NonTransientAiException",
            "-D" + SpringAiOpenAiApp.FACTORY_PROPERTY + "=jdk"),
    SPRING_AI_STREAM(SpringAiOpenAiApp.class, "stream", "BadRequest"),
    LANGCHAIN4J_BLOCKING(LangChain4jApp.class, "blocking", "InvalidRequestException"),
    LANGCHAIN4J_STREAM(LangChain4jApp.class, "stream", "InvalidRequestException"),
    URLCONNECTION_BLOCKING(UrlConnectionApp.class, "blocking"),
    URLCONNECTION_STREAM(UrlConnectionApp.class, "stream"),
    APACHE5_BLOCKING(ApacheHttp5App.class, "blocking"),
    APACHE5_STREAM(ApacheHttp5App.class, "stream"),
    APACHE5_ASYNC_BLOCKING(ApacheHttp5AsyncApp.class, "blocking"),
    APACHE5_ASYNC_STREAM(ApacheHttp5AsyncApp.class, "stream"),
    APACHE4_BLOCKING(ApacheHttp4App.class, "blocking"),
    APACHE4_STREAM(ApacheHttp4App.class, "stream"),
    ANTHROPIC_SDK_BLOCKING(AnthropicSdkApp.class, "blocking", ChatWire.ANTHROPIC),
    ANTHROPIC_SDK_STREAM(AnthropicSdkApp.class, "stream", ChatWire.ANTHROPIC),
    GOOGLE_GENAI_SDK_BLOCKING(GoogleGenAiSdkApp.class, "blocking", ChatWire.GEMINI, "ClientException"),
    GOOGLE_GENAI_SDK_STREAM(GoogleGenAiSdkApp.class, "stream", ChatWire.GEMINI, "ClientException"),
    REACTOR_NETTY_BLOCKING(ReactorNettyApp.class, "blocking"),
    REACTOR_NETTY_STREAM(ReactorNettyApp.class, "stream"),
    AZURE_OPENAI_SDK_BLOCKING(AzureOpenAiSdkApp.class, "blocking", "HttpResponseException"),
    AZURE_OPENAI_SDK_STREAM(AzureOpenAiSdkApp.class, "stream", "HttpResponseException"),
    VERTX_BLOCKING(VertxHttpClientApp.class, "blocking"),
    VERTX_STREAM(VertxHttpClientApp.class, "stream"),
    VERTX_WEBCLIENT_BLOCKING(VertxWebClientApp.class, "blocking"),
    VERTX_WEBCLIENT_STREAM(VertxWebClientApp.class, "stream"),
    JETTY_BLOCKING(JettyHttpClientApp.class, "blocking"),
    JETTY_STREAM(JettyHttpClientApp.class, "stream"),
    /** WebClient over Jetty's connector: governed once, by WebClient's adapter. */
    JETTY_WEBCLIENT_STREAM(JettyWebClientApp.class, "stream"),
    /** Ktor's HttpClient on the CIO engine, from a Kotlin app. */
    KTOR_CIO_BLOCKING(KtorCioApp.class, "blocking"),
    KTOR_CIO_STREAM(KtorCioApp.class, "stream"),
    /** The Ktor app with Ktor's {@code HttpTimeout} installed, its timeouts past every cell's length. */
    KTOR_CIO_TIMEOUT_BLOCKING(KtorCioApp.class, "blocking", "BadRequestException", ClientCall.KTOR_TIMEOUTS),
    /** As {@link #KTOR_CIO_TIMEOUT_BLOCKING}, streaming, the app reading its body channel to its end, past {@code [DONE]}. */
    KTOR_CIO_TIMEOUT_STREAM_TO_END(KtorCioApp.class, "stream", "BadRequestException", ClientCall.KTOR_TIMEOUTS,
            "-D" + KtorCioApp.READ_PROPERTY + "=to-end"),
    /** Micronaut 4's HTTP client, made without an application context. */
    MICRONAUT_BLOCKING(MicronautHttpClientApp.class, "blocking"),
    MICRONAUT_STREAM(MicronautHttpClientApp.class, "stream"),
    /** Micronaut's {@code retrieve} and {@code dataStream}: the app gets the body, not the response. */
    MICRONAUT_RETRIEVE_BLOCKING(MicronautHttpClientApp.class, "blocking", "HttpStatus",
            "-D" + MicronautHttpClientApp.BODY_ONLY_PROPERTY + "=true"),
    MICRONAUT_DATA_STREAM(MicronautHttpClientApp.class, "stream", "HttpStatus",
            "-D" + MicronautHttpClientApp.BODY_ONLY_PROPERTY + "=true"),
    /**
     * Micronaut's {@code exchangeStream} of a request that accepts {@code text/event-stream}, as an
     * SSE client's does: one line of the stream per chunk.
     */
    MICRONAUT_SSE_STREAM(MicronautHttpClientApp.class, "stream", "HttpStatus",
            "-D" + MicronautHttpClientApp.EVENT_STREAM_PROPERTY + "=exchangeStream"),

    // The SDKs in their Vertex AI mode, each with its own Google token (see inVertexMode).

    /** Google's Gen AI SDK in Vertex AI mode: Gemini on Vertex. */
    GOOGLE_GENAI_SDK_VERTEX_BLOCKING(GoogleGenAiSdkApp.class, "blocking", ChatWire.VERTEX_GEMINI, "ClientException"),
    GOOGLE_GENAI_SDK_VERTEX_STREAM(GoogleGenAiSdkApp.class, "stream", ChatWire.VERTEX_GEMINI, "ClientException"),
    /** The Anthropic SDK's Vertex AI backend ({@code anthropic-java-vertex}): Claude on Vertex. */
    ANTHROPIC_SDK_VERTEX_BLOCKING(AnthropicSdkApp.class, "blocking", ChatWire.VERTEX_ANTHROPIC),
    ANTHROPIC_SDK_VERTEX_STREAM(AnthropicSdkApp.class, "stream", ChatWire.VERTEX_ANTHROPIC),

    // The Bedrock rows (issue 38): each app signs its calls with AWS credentials of its own
    // (AwsIdentities), never the agent's.
    /** The AWS SDK for Java v2's {@code BedrockRuntimeClient.converse}, on its default sync HTTP client (Apache). */
    BEDROCK_SDK_BLOCKING(BedrockRuntimeApp.class, "blocking", ChatWire.BEDROCK, "ValidationException"),
    /**
     * {@code BedrockRuntimeAsyncClient.converse} on its default Netty NIO client, told to speak
     * HTTP/1.1: the fault server's faults are HTTP/1.1 framings (BedrockRuntimeSdkTest covers the
     * client's default HTTP/2).
     */
    BEDROCK_SDK_ASYNC_BLOCKING(BedrockRuntimeApp.class, "blocking", ChatWire.BEDROCK, "ValidationException",
            "-D" + BedrockRuntimeApp.CLIENT_PROPERTY + "=async", "-D" + BedrockRuntimeApp.HTTP1_PROPERTY + "=true"),
    /** {@code BedrockRuntimeAsyncClient.converseStream}, on Netty NIO over HTTP/1.1, as above. */
    BEDROCK_SDK_ASYNC_STREAM(BedrockRuntimeApp.class, "stream", ChatWire.BEDROCK, "ValidationException",
            "-D" + BedrockRuntimeApp.HTTP1_PROPERTY + "=true"),
    /** The Anthropic SDK's Bedrock backend: Claude through InvokeModel, on OkHttp. */
    ANTHROPIC_BEDROCK_BLOCKING(AnthropicSdkApp.class, "blocking", ChatWire.BEDROCK_INVOKE),
    ANTHROPIC_BEDROCK_STREAM(AnthropicSdkApp.class, "stream", ChatWire.BEDROCK_INVOKE);

    private static final String ROWS = System.getProperty("e2e.rows", "");
    /** Ktor's {@code HttpTimeout}, as an app installs it: request, socket and connect timeouts past every cell's length. */
    private static final String KTOR_TIMEOUTS = "-D" + KtorCioApp.TIMEOUTS_PROPERTY + "=request=20000,socket=10000,connect=5000";

    final Class<?> app;
    final String mode;
    /** The protocol the app speaks to its provider. */
    final ChatWire wire;
    /** The exception type an SDK raises for a 400; raw clients see the status and body instead. */
    final String badRequestType;
    /** JVM options that pick one of the app's variants; empty for most. */
    private final String[] jvmArgs;

    ClientCall(Class<?> app, String mode) {
        this(app, mode, ChatWire.OPENAI);
    }

    ClientCall(Class<?> app, String mode, ChatWire wire) {
        this(app, mode, wire, "BadRequestException");
    }

    ClientCall(Class<?> app, String mode, String badRequestType, String... jvmArgs) {
        this(app, mode, ChatWire.OPENAI, badRequestType, jvmArgs);
    }

    ClientCall(Class<?> app, String mode, ChatWire wire, String badRequestType, String... jvmArgs) {
        this.app = app;
        this.mode = mode;
        this.wire = wire;
        this.badRequestType = badRequestType;
        this.jvmArgs = jvmArgs;
    }

    /**
     * The calls whose app speaks the OpenAI chat protocol: most suites' stubs speak only that. With
     * {@code -De2e.rows=one-per-client} (the JDK 25 pass, whose fault matrix covers every mode of
     * the JDK's own clients), one row per client library instead; with a comma-separated list of
     * row names, those rows only.
     */
    static Stream<ClientCall> openAiChat() {
        if (ROWS.equals("one-per-client")) {
            return jdk25Rows();
        }
        return Arrays.stream(values()).filter(call -> call.wire == ChatWire.OPENAI).filter(ClientCall::namedByHand);
    }

    /**
     * Every row, whatever protocol its app speaks (or the rows named by hand, see {@link #namedByHand}),
     * but the Bedrock rows: their apps take AWS credentials, not the key FirstCallTest gives each
     * app, so their first calls are not measured yet.
     */
    static Stream<ClientCall> everyRow() {
        return Arrays.stream(values()).filter(call -> !call.wire.awsSigned()).filter(ClientCall::namedByHand);
    }

    /** With {@code -De2e.rows=REACTOR_NETTY_BLOCKING,REACTOR_NETTY_STREAM}, a run by hand of those rows only. */
    static boolean namedByHand(ClientCall call) {
        return ROWS.isEmpty() || ROWS.equals("one-per-client") || List.of(ROWS.split(",")).contains(call.name());
    }

    /**
     * The base URL the app is given for a provider at {@code providerUrl} (version path included):
     * the Anthropic and Google Gen AI SDKs take the root and add their version path themselves.
     */
    String appBaseUrl(String providerUrl) {
        return wire == ChatWire.OPENAI ? providerUrl : providerUrl.substring(0, providerUrl.length() - wire.versionPath.length());
    }

    /**
     * Whether the app sees the body of an error status: Micronaut's {@code dataStream} raises the
     * status with an empty body, and so does its {@code exchangeStream} of a request that accepts
     * {@code text/event-stream} for an error body that does not end in a line break (it keeps the
     * lines of an event stream only), with the agent or without it.
     */
    boolean seesErrorBody() {
        return this != MICRONAUT_DATA_STREAM && this != MICRONAUT_SSE_STREAM;
    }

    /** The header that carries the app's own key, and its value: Azure's {@code api-key}, else a bearer token. */
    Map.Entry<String, String> appCredential(String key) {
        return app == AzureOpenAiSdkApp.class ? Map.entry("api-key", key) : Map.entry("Authorization", "Bearer " + key);
    }

    boolean streams() {
        return mode.equals("stream");
    }

    /** The client library, as the fault matrix's report heads its column: the app's name, and the backend the Anthropic SDK runs on. */
    String library() {
        String name = app.getSimpleName().replaceFirst("App$", "");
        return wire == ChatWire.BEDROCK_INVOKE ? name + " on Bedrock" : name;
    }

    /**
     * What the app is given as its key when a test's apps share {@code key}: the Bedrock apps sign
     * with AWS credentials of their own instead ({@link AwsIdentities}).
     */
    String appKey(String key) {
        if (!wire.awsSigned()) {
            return key;
        }
        return app == BedrockRuntimeApp.class ? AwsIdentities.APP_CREDENTIALS : AwsIdentities.APP_ACCESS_KEY;
    }

    /**
     * How many times the app's own client sends a call that ends in {@code status}: Apache
     * HttpClient 5's default retry strategy sends a call that got a 429 or 503 once more, with or
     * without the agent; the apps of the other rows have no retries of their own.
     */
    int sendsOn(int status) {
        boolean apache5 = app == ApacheHttp5App.class || app == ApacheHttp5AsyncApp.class;
        return apache5 && (status == 429 || status == 503) ? 2 : 1;
    }

    /**
     * The app reports response headers: the raw clients, and the Anthropic, Google Gen AI and Azure
     * OpenAI SDK apps, which read them off the raw response; the OpenAI SDK's typed results do not.
     */
    boolean seesHeaders() {
        return app == JdkHttpClientApp.class || app == OkHttp3App.class || app == AnthropicSdkApp.class
                || app == GoogleGenAiSdkApp.class || app == BedrockRuntimeApp.class
                || app == UrlConnectionApp.class || app == ApacheHttp5App.class || app == ApacheHttp4App.class
                || app == ApacheHttp5AsyncApp.class || app == ReactorNettyApp.class || app == AzureOpenAiSdkApp.class
                || app == JettyHttpClientApp.class || app == JettyWebClientApp.class || app == KtorCioApp.class || vertx()
                || this == MICRONAUT_BLOCKING || this == MICRONAUT_STREAM || this == MICRONAUT_SSE_STREAM;
    }

    /**
     * One row per client (each HTTP library, and each of Spring's two clients), blocking and
     * streaming mixed: for matrices that vary something other than the client, where every row
     * costs a JVM.
     */
    static Stream<ClientCall> onePerClient() {
        return Stream.of(SDK_STREAM, OKHTTP3_BLOCKING, JDK_BLOCKING, URLCONNECTION_STREAM, APACHE4_BLOCKING,
                APACHE5_STREAM, APACHE5_ASYNC_BLOCKING, SPRING_AI_JDK_BLOCKING, SPRING_AI_STREAM,
                REACTOR_NETTY_STREAM, AZURE_OPENAI_SDK_BLOCKING, VERTX_STREAM, VERTX_WEBCLIENT_BLOCKING, JETTY_STREAM,
                KTOR_CIO_STREAM, MICRONAUT_STREAM)
                .filter(ClientCall::namedByHand);
    }

    /**
     * FailoverTest's rows on the JDK 25 pass: one per client library, and both modes of the
     * libraries whose adapter takes a path of its own for each (Reactor Netty, the Azure SDK over
     * it, Vert.x's HttpClient and WebClient, Jetty's HttpClient, Ktor's CIO engine, Micronaut's HttpClient).
     */
    static Stream<ClientCall> jdk25Rows() {
        return Stream.concat(onePerClient(),
                Stream.of(REACTOR_NETTY_BLOCKING, AZURE_OPENAI_SDK_STREAM, VERTX_BLOCKING, VERTX_WEBCLIENT_STREAM, JETTY_BLOCKING,
                        KTOR_CIO_BLOCKING, MICRONAUT_BLOCKING)
                        .filter(ClientCall::namedByHand));
    }

    /** A child JVM running this app against {@code baseUrl} with the app's key and a call plan. */
    ChildJvm launch(Path workingDirectory, String baseUrl, String apiKey, String plan) {
        return withItsOptions(ChildJvm.of(app, workingDirectory).args(baseUrl, apiKey, mode, plan));
    }

    /** A child JVM running this app's upload mode once against {@code baseUrl}, where the app has one. */
    ChildJvm launchUpload(Path workingDirectory, String baseUrl, String apiKey) {
        return withItsOptions(ChildJvm.of(app, workingDirectory).args(baseUrl, apiKey, "upload", "1"));
    }

    /**
     * A child JVM running this app once per cell, each {@code <cell>=<base url>} (one call) or
     * {@code <cell>=<base url> <call plan>}.
     */
    ChildJvm launchCells(Path workingDirectory, String apiKey, List<String> cells) {
        return withItsOptions(ChildJvm.of(FaultMatrixApp.class, workingDirectory)
                .args(app.getName(), apiKey, mode)
                .args(cells.toArray(String[]::new)));
    }

    /**
     * A child JVM making this app's first calls at once, one to each of {@code baseUrls}, the n-th
     * numbered n (see {@link FirstCallsApp}), each call's time printed.
     */
    ChildJvm launchFirstCalls(Path workingDirectory, String apiKey, String... baseUrls) {
        return withItsOptions(ChildJvm.of(FirstCallsApp.class, workingDirectory)
                .jvmArg("-D" + CallPlan.CALL_TIMES_PROPERTY + "=true")
                .args(app.getName(), apiKey, mode)
                .args(baseUrls));
    }

    private ChildJvm withItsOptions(ChildJvm child) {
        for (String option : jvmArgs) {
            child.jvmArg(option);
        }
        if (wire.vertexMode() != null) {
            inVertexMode(child);
        }
        if (wire == ChatWire.BEDROCK_INVOKE) {
            child.env(AnthropicSdkApp.BEDROCK_VARIABLE, "us-east-1");
        }
        if (app == OkHttp3App.class) {
            return child.classPath(okHttp3ClassPath());
        }
        if (app == MicronautHttpClientApp.class) {
            return child.classPath(ownClassPath("micronaut.class.path", "target/micronaut"));
        }
        return vertx() ? child.classPath(vertxClassPath()) : child;
    }

    /**
     * A Vertex row's SDK app in its Vertex AI mode, at the project and location of its wire: the key
     * the app is given becomes the SDK's own Google access token, as {@code GoogleCredentials} an
     * app builds itself, distinct from the agent's.
     */
    private void inVertexMode(ChildJvm child) {
        String variable = app == GoogleGenAiSdkApp.class ? GoogleGenAiSdkApp.VERTEX_VARIABLE : AnthropicSdkApp.VERTEX_VARIABLE;
        child.env(variable, wire.vertexMode());
    }

    /** This module's test classes with Vert.x 5 and its Netty (copied by the build), and nothing else. */
    static String vertxClassPath() {
        return ownClassPath("vertx.class.path", "target/vertx");
    }

    /**
     * The Vert.x apps: they run on Vert.x 5's own Netty (4.2), which the shared class path does not
     * hold; so does the Micronaut app, on the Netty and Reactor its client names.
     */
    private boolean vertx() {
        return app == VertxHttpClientApp.class || app == VertxWebClientApp.class;
    }

    /** This module's test classes with OkHttp 3 and Okio 1 (copied by the build), and nothing else. */
    static String okHttp3ClassPath() {
        return ownClassPath("okhttp3.class.path", "target/okhttp3");
    }

    /** This module's test classes with the jars the build copied to the folder {@code property} names, and nothing else. */
    private static String ownClassPath(String property, String defaultFolder) {
        Path jars = Path.of(System.getProperty(property, defaultFolder));
        Path testClasses = Path.of(ClientCall.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        try (Stream<Path> files = Files.list(jars)) {
            return Stream.concat(Stream.of(testClasses), files.filter(f -> f.toString().endsWith(".jar")).sorted())
                    .map(Path::toString)
                    .collect(Collectors.joining(File.pathSeparator));
        } catch (IOException e) {
            throw new UncheckedIOException("the jars of " + property + " are not in " + jars + "; run through Maven", e);
        }
    }
}
