package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.runtime.contract.LlmResponse;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.impl.EnglishReasonPhraseCatalog;
import org.apache.hc.core5.http.io.entity.InputStreamEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpResponse;

/** The classic responses the app gets from the runtime's answer, their bodies streamed, never buffered. */
final class ClassicResponses {

    private ClassicResponses() {}

    /** A response built from an answer the runtime made. */
    static ClassicHttpResponse toClassic(LlmResponse answer) {
        BasicClassicHttpResponse response = new BasicClassicHttpResponse(answer.status(),
                EnglishReasonPhraseCatalog.INSTANCE.getReason(answer.status(), null));
        answer.headers().forEach(response::addHeader);
        ContentType type = answer.headers().first("Content-Type").map(ContentType::parseLenient).orElse(null);
        String encoding = answer.headers().first("Content-Encoding").orElse(null);
        long length = AnswerBody.declaredLength(answer);
        response.setEntity(new InputStreamEntity(AnswerBody.of(answer), length, type, encoding));
        return response;
    }

    /** The client's own response, its body replaced by the answer's (the same bytes, watched on their way). */
    static ClassicHttpResponse withBody(ClassicHttpResponse own, LlmResponse answer) {
        HttpEntity received = own.getEntity();
        if (received != null) {
            ContentType type = received.getContentType() == null ? null : ContentType.parseLenient(received.getContentType());
            own.setEntity(new InputStreamEntity(AnswerBody.of(answer), received.getContentLength(), type,
                    received.getContentEncoding()));
        }
        return own;
    }
}
