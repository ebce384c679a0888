package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.InMemoryBody;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.telemetry.usage.UsageScanner;
import java.io.IOException;
import java.io.InputStream;

/**
 * The answer as the app gets it: the same status, headers and bytes, with the body watched on its
 * way through so that the call span ends, with usage, when the app is done with it.
 */
final class ObservedResponse implements LlmResponse {

    private final LlmResponse answer;
    private final GenAiCallScope call;
    private final UsageScanner scanner;
    private ObservedBody body;

    ObservedResponse(LlmResponse answer, GenAiCallScope call, UsageScanner scanner) {
        this.answer = answer;
        this.call = call;
        this.scanner = scanner;
    }

    @Override
    public int status() {
        return answer.status();
    }

    @Override
    public HttpHeaders headers() {
        return answer.headers();
    }

    @Override
    public void abort() {
        answer.abort();
    }

    @Override
    public synchronized InputStream body() {
        if (body == null) {
            InputStream own = answer.body();
            body = own instanceof InMemoryBody
                    ? new ObservedInMemoryBody(own, call, scanner)
                    : new ObservedBody(own, call, scanner);
        }
        return body;
    }

    @Override
    public void close() {
        ObservedBody opened;
        synchronized (this) {
            opened = body;
        }
        try {
            if (opened != null) {
                opened.close();
            }
        } catch (IOException ignored) {
            // Best effort: the answer's own close below releases the connection.
        } finally {
            answer.close();
            call.bodyDone(scanner.finish(), null, opened == null || !opened.reachedEnd());
        }
    }
}
