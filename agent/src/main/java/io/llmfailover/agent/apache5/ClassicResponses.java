package io.llmfailover.agent.apache5;

import io.llmfailover.runtime.http.LlmResponse;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.impl.EnglishReasonPhraseCatalog;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;

/** Builds the classic response the app gets from a runtime response, its body streamed, never buffered. */
final class ClassicResponses {

    private ClassicResponses() {}

    static ClassicHttpResponse toClassic(LlmResponse answer) {
        BasicClassicHttpResponse response = new BasicClassicHttpResponse(answer.status(),
                EnglishReasonPhraseCatalog.INSTANCE.getReason(answer.status(), null));
        answer.headers().forEach(response::addHeader);
        ContentType type = answer.headers().first("Content-Type").map(ContentType::parseLenient).orElse(null);
        String encoding = answer.headers().first("Content-Encoding").orElse(null);
        long length = answer.headers().first("Content-Length").map(ClassicResponses::parseLength).orElse(-1L);
        response.setEntity(new InputStreamEntity(closingAnswer(answer), length, type, encoding));
        return response;
    }

    /** Closing the body, as the app does when it is done, releases the attempt's connection. */
    static InputStream closingAnswer(LlmResponse answer) {
        return new FilterInputStream(answer.body()) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    answer.close();
                }
            }
        };
    }

    private static long parseLength(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1L;
        }
    }
}
