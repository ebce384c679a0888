package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.agent.lifecycle.ReasonPhrase;
import io.llmfailover.runtime.contract.LlmResponse;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An answer the runtime made (a fallback's, translated, or its own), reported accessor by accessor
 * the way the JDK's own connection reports a response: the status line as header 0, an error status
 * as an exception from {@code getInputStream()} with the body on {@code getErrorStream()}.
 */
final class MadeResponse implements ChosenResponse {

    private final int status;
    private final String statusLine;
    private final List<HeaderLine> headers;
    private final InputStream body;
    private final URL url;
    private final LlmResponse answer;

    MadeResponse(LlmResponse answer, URL url) {
        this.status = answer.status();
        this.statusLine = "HTTP/1.1 " + status + " " + ReasonPhrase.of(status);
        this.headers = lines(answer);
        this.url = url;
        this.answer = answer;
        this.body = AnswerBody.of(answer);
    }

    private static List<HeaderLine> lines(LlmResponse answer) {
        List<HeaderLine> lines = new ArrayList<>();
        answer.headers().forEach((name, value) -> lines.add(new HeaderLine(name, value)));
        return List.copyOf(lines);
    }

    @Override
    public HookOutcome answer(String accessor, Object argument) {
        if (accessor.equals("getInputStream") && status >= 400) {
            return HookOutcome.throwing(errorStatus());
        }
        return HookOutcome.returning(switch (accessor) {
            case "getInputStream" -> body;
            case "getErrorStream" -> status >= 400 ? body : null;
            case "getHeaderFields" -> headerFields();
            case "getHeaderField" -> argument instanceof Integer index ? valueAt(index) : lastValue((String) argument);
            case "getHeaderFieldKey" -> keyAt((Integer) argument);
            default -> throw new IllegalArgumentException("not a response accessor: " + accessor);
        });
    }

    private IOException errorStatus() {
        return status == 404 || status == 410
                ? new FileNotFoundException(url.toString())
                : new IOException("Server returned HTTP response code: " + status + " for URL: " + url);
    }

    @Override
    public void abort() {
        answer.abort();
    }

    private String valueAt(int index) {
        if (index == 0) {
            return statusLine;
        }
        return index > 0 && index <= headers.size() ? headers.get(index - 1).value() : null;
    }

    private String keyAt(int index) {
        return index > 0 && index <= headers.size() ? headers.get(index - 1).name() : null;
    }

    private String lastValue(String name) {
        if (name == null) {
            return statusLine;
        }
        String found = null;
        for (HeaderLine line : headers) {
            if (line.name().equalsIgnoreCase(name)) {
                found = line.value();
            }
        }
        return found;
    }

    private Map<String, List<String>> headerFields() {
        Map<String, List<String>> fields = new TreeMap<>(Comparator.nullsFirst(String.CASE_INSENSITIVE_ORDER));
        fields.put(null, List.of(statusLine));
        for (HeaderLine line : headers) {
            fields.computeIfAbsent(line.name(), name -> new ArrayList<>()).add(line.value());
        }
        fields.replaceAll((name, values) -> Collections.unmodifiableList(values));
        return Collections.unmodifiableMap(fields);
    }

    private record HeaderLine(String name, String value) {}
}
