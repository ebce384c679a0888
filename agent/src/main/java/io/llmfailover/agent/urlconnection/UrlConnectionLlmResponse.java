package io.llmfailover.agent.urlconnection;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** One attempt's response, head read and body unread, seen by the runtime. */
final class UrlConnectionLlmResponse implements LlmResponse {

    private final int status;
    private final String statusLine;
    private final List<ChosenResponse.HeaderLine> headerLines;
    private final HttpHeaders headers;
    private final InputStream body;
    private final boolean answersAppRequest;

    UrlConnectionLlmResponse(int status, String statusLine, List<ChosenResponse.HeaderLine> headerLines,
            InputStream body, boolean answersAppRequest) {
        this.status = status;
        this.statusLine = statusLine;
        this.headerLines = List.copyOf(headerLines);
        this.body = body;
        this.answersAppRequest = answersAppRequest;
        HttpHeaders.Builder neutral = HttpHeaders.builder();
        headerLines.forEach(line -> neutral.add(line.name(), line.value()));
        this.headers = neutral.build();
    }

    /** True when the attempt was the app's own request, untouched by the runtime. */
    boolean answersAppRequest() {
        return answersAppRequest;
    }

    String statusLine() {
        return statusLine;
    }

    List<ChosenResponse.HeaderLine> headerLines() {
        return headerLines;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public HttpHeaders headers() {
        return headers;
    }

    @Override
    public InputStream body() {
        return body;
    }

    /** Closing the body hands a fully read keep-alive connection back to the JDK's cache. */
    @Override
    public void close() {
        try {
            body.close();
        } catch (IOException ignored) {
            // the connection is released either way
        }
    }
}
