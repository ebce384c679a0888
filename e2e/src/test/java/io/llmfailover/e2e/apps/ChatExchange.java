package io.llmfailover.e2e.apps;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/**
 * What the raw-client apps share: the chat request body they send, and how they read an
 * OpenAI-format event stream line by line, the way a minimal app without an SDK would.
 */
final class ChatExchange {

    static final String PROVIDER_HEADER = "x-llm-failover-provider";

    /** An error event in the stream: the provider (or the agent) ended the stream with an error. */
    static final class StreamError extends IOException {
        StreamError(String data) {
            super(data);
        }
    }

    private ChatExchange() {}

    static String requestBody(boolean stream) {
        return "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"" + prompt()
                + "\"}],\"stream\":" + stream + "}";
    }

    /** What every app asks: "Say hello", padded to {@link AppArgs#PROMPT_SIZE_PROPERTY} characters when that is set. */
    static String prompt() {
        String prompt = "Say hello";
        int size = Integer.getInteger(AppArgs.PROMPT_SIZE_PROPERTY, 0);
        return size <= prompt.length() ? prompt : prompt + " " + ".".repeat(size - prompt.length() - 1);
    }

    /** Reports an upload's answer: the stub's file object, or the error status and body. */
    static void reportUpload(int number, int status, String body) {
        if (status / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(status), null, body);
        } else {
            Report.result(number, status, null, Report.oneLine(body));
        }
    }

    /** Reads events up to {@code [DONE]}, reporting each content delta; returns the whole content. */
    static String readEvents(int number, InputStream body) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
        StringBuilder content = new StringBuilder();
        int index = 0;
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
            if (!line.startsWith("data:")) {
                continue;
            }
            String data = line.substring("data:".length()).trim();
            if (data.equals("[DONE]")) {
                break;
            }
            if (data.startsWith("{\"error\"")) {
                throw new StreamError(data);
            }
            String text = ContentField.in(data);
            if (text != null) {
                Report.chunk(number, index++, text);
                content.append(text);
            }
        }
        return content.toString();
    }

    static String readAll(InputStream body) throws IOException {
        if (body == null) {
            return "";
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            return reader.lines().collect(Collectors.joining("\n"));
        }
    }

    /** Reports a failed call: an error event by its data, anything else by its exception. */
    static void reportFailure(int number, Exception failure) {
        if (failure instanceof StreamError streamError) {
            Report.error(number, "StreamError", null, null, streamError.getMessage());
        } else {
            Report.error(number, failure);
        }
    }
}
