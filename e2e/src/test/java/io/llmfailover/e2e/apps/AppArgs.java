package io.llmfailover.e2e.apps;

import java.util.Locale;

/**
 * The command line every child app takes: {@code <base url> <api key> <blocking|stream> <call plan>}.
 *
 * @param baseUrl the OpenAI-style base URL the app addresses, e.g. {@code http://127.0.0.1:8080/v1}
 * @param apiKey the app's own credential
 * @param mode whether each call streams
 * @param plan how many calls to make, and the pauses between them
 */
public record AppArgs(String baseUrl, String apiKey, Mode mode, CallPlan plan) {

    public enum Mode { BLOCKING, STREAM }

    public static AppArgs parse(String[] args) {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: <base url> <api key> <blocking|stream> <call plan, e.g. 3,pause:1200,2>");
        }
        return new AppArgs(args[0], args[1], Mode.valueOf(args[2].toUpperCase(Locale.ROOT)), CallPlan.parse(args[3]));
    }

    public boolean streaming() {
        return mode == Mode.STREAM;
    }
}
