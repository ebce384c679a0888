package io.llmfailover.e2e.apps;

import java.time.Duration;
import java.util.Locale;
import java.util.function.BiConsumer;

/**
 * The command line every child app takes: {@code <base url> <api key> <blocking|stream|upload|tools|tools-stream> <call plan>}.
 * Mode {@code upload} posts a {@link GeneratedUpload} to {@code <base url>/files} instead of a chat
 * call, in the apps that have it; modes {@code tools} and {@code tools-stream} play a tool round
 * trip (a question with a tool, the model's call of it, its result sent back), in the apps that
 * have one (each says so), streaming both turns in {@code tools-stream}.
 *
 * @param baseUrl the OpenAI-style base URL the app addresses, e.g. {@code http://127.0.0.1:8080/v1}
 * @param apiKey the app's own credential
 * @param mode whether each call streams, or is a file upload
 * @param plan how many calls to make, and the pauses between them
 */
public record AppArgs(String baseUrl, String apiKey, Mode mode, CallPlan plan) {

    public enum Mode { BLOCKING, STREAM, UPLOAD, TOOLS, TOOLS_STREAM }

    /** A JVM option: the chat apps pad their prompt to this many characters (to pass {@code buffer.max-bytes}). */
    public static final String PROMPT_SIZE_PROPERTY = "e2e.chat.prompt-size";

    /** A JVM option: the app names this route in an {@code x-llm-route} header, on its chat calls and uploads. */
    public static final String ROUTE_PROPERTY = "e2e.llm-route";

    /**
     * A JVM option: the app builds its client with redirect following switched on, as far as the
     * client lets it (each app says which switch it flips; where following is the client's
     * default, it sets it all the same). {@link FaultMatrixApp} sets it for each cell whose name
     * ends with {@link #FOLLOWING_REDIRECTS_CELL}.
     */
    public static final String FOLLOW_REDIRECTS_PROPERTY = "e2e.follow-redirects";

    /** How the name of a fault matrix cell ends when its app's client follows redirects. */
    public static final String FOLLOWING_REDIRECTS_CELL = "-following";

    /**
     * A JVM option: the app gives its call a timeout of its own, {@code <kind>:<millis>}, the kind
     * naming where the app sets it (its client's options, its request's, a handler, a cancel); each
     * app says which kinds it has. {@link FaultMatrixApp} sets it for one cell with
     * {@code -De2e.app-timeout=<kind>:<millis>} after the cell's plan.
     */
    public static final String APP_TIMEOUT_PROPERTY = "e2e.app-timeout";

    /** The header that names a route: the agent's own, which no provider may ever see. */
    public static final String ROUTE_HEADER = "x-llm-route";

    public static AppArgs parse(String[] args) {
        if (args.length != 4) {
            throw new IllegalArgumentException(
                    "usage: <base url> <api key> <blocking|stream|upload|tools|tools-stream> <call plan, e.g. 3,pause:1200,2>");
        }
        Mode mode = Mode.valueOf(args[2].toUpperCase(Locale.ROOT).replace('-', '_'));
        return new AppArgs(args[0], args[1], mode, CallPlan.parse(args[3]));
    }

    /** The route {@link #ROUTE_PROPERTY} names, or null: the app sets it with {@code header.accept(ROUTE_HEADER, route)}. */
    public static String route() {
        return System.getProperty(ROUTE_PROPERTY);
    }

    /** Sets the {@link #ROUTE_HEADER} on a request being built, when {@link #ROUTE_PROPERTY} names a route. */
    public static void routeHeader(BiConsumer<String, String> header) {
        String route = route();
        if (route != null) {
            header.accept(ROUTE_HEADER, route);
        }
    }

    /**
     * The app's own timeout of {@code kind} ({@value #APP_TIMEOUT_PROPERTY}), or null when it sets
     * none of that kind.
     */
    public static Duration ownTimeout(String kind) {
        String setting = System.getProperty(APP_TIMEOUT_PROPERTY, "");
        String prefix = kind + ":";
        return setting.startsWith(prefix) ? Duration.ofMillis(Long.parseLong(setting.substring(prefix.length()))) : null;
    }

    public boolean streaming() {
        return mode == Mode.STREAM || mode == Mode.TOOLS_STREAM;
    }

    /** Whether each call is a tool round trip ({@code tools}, {@code tools-stream}). */
    public boolean toolRoundTrip() {
        return mode == Mode.TOOLS || mode == Mode.TOOLS_STREAM;
    }

    public boolean uploading() {
        return mode == Mode.UPLOAD;
    }

    /** Whether the app builds its client with redirect following switched on ({@value #FOLLOW_REDIRECTS_PROPERTY}). */
    public boolean followsRedirects() {
        return Boolean.getBoolean(FOLLOW_REDIRECTS_PROPERTY);
    }

    /** Where mode {@code upload} posts its file: the OpenAI files API, not a governed operation. */
    public String filesUrl() {
        return baseUrl + "/files";
    }
}
