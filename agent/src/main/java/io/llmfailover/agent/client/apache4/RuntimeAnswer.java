package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.runtime.contract.LlmResponse;
import java.util.List;
import java.util.Map;
import org.apache.http.HttpVersion;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.entity.InputStreamEntity;
import org.apache.http.impl.EnglishReasonPhraseCatalog;
import org.apache.http.message.BasicHttpResponse;
import org.apache.http.message.BasicStatusLine;

/**
 * The response the app gets when the runtime answered with another response than the app's own
 * attempt (a fallback's, translated or not, or one the runtime made): its body streamed, never
 * buffered, and closing it releases the attempt behind it.
 */
final class RuntimeAnswer extends BasicHttpResponse implements CloseableHttpResponse {

    private final LlmResponse answer;

    RuntimeAnswer(LlmResponse answer) {
        super(new BasicStatusLine(HttpVersion.HTTP_1_1, answer.status(),
                EnglishReasonPhraseCatalog.INSTANCE.getReason(answer.status(), null)));
        this.answer = answer;
        for (Map.Entry<String, List<String>> header : answer.headers().asMap().entrySet()) {
            for (String value : header.getValue()) {
                addHeader(header.getKey(), value);
            }
        }
        long length = AnswerBody.declaredLength(answer);
        InputStreamEntity entity = new InputStreamEntity(AnswerBody.of(answer), length);
        answer.headers().first("Content-Type").ifPresent(entity::setContentType);
        answer.headers().first("Content-Encoding").ifPresent(entity::setContentEncoding);
        setEntity(entity);
    }

    @Override
    public void close() {
        answer.close();
    }
}
