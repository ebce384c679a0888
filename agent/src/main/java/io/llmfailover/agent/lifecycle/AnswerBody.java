package io.llmfailover.agent.lifecycle;

import io.llmfailover.runtime.contract.LlmResponse;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** An answer's body as the app reads it: closing it closes the answer, releasing its connection. */
public final class AnswerBody extends FilterInputStream {

    private final LlmResponse answer;
    private boolean closed;

    private AnswerBody(LlmResponse answer) {
        super(answer.body());
        this.answer = answer;
    }

    public static InputStream of(LlmResponse answer) {
        return new AnswerBody(answer);
    }

    /** The length the answer's {@code Content-Length} declares; -1 when it declares none, or one that is no number. */
    public static long declaredLength(LlmResponse answer) {
        String length = answer.headers().first("Content-Length").orElse(null);
        try {
            return length == null ? -1L : Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1L;
        }
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            super.close();
        } finally {
            answer.close();
        }
    }
}
