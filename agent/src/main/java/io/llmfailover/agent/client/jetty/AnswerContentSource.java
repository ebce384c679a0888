package io.llmfailover.agent.client.jetty;

import io.llmfailover.runtime.contract.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import org.eclipse.jetty.io.Content;

/**
 * The answer's body as the app's listeners read it: a content source whose reads take what the
 * answer's stream has (one SSE event as it comes, at most a chunk), on the agent thread that runs
 * each demand, never on Jetty's. Reaching its end, or a failure, ends the app's call; the app's
 * abort ends it too, and aborts the attempt behind the answer.
 */
final class AnswerContentSource implements Content.Source, JettyCall.Abortable {

    private static final int CHUNK = 8 * 1024;

    private final Answer answer;
    private final InputStream body;
    private final AppListeners listeners;
    private final Executor readers;
    /** The last chunk once the body ended or failed; every later read gets it again. */
    private Content.Chunk last;

    AnswerContentSource(Answer answer, AppListeners listeners, Executor readers) {
        this.answer = answer;
        this.body = answer.body();
        this.listeners = listeners;
        this.readers = readers;
    }

    @Override
    public synchronized Content.Chunk read() {
        if (last != null) {
            return last;
        }
        byte[] buffer = new byte[CHUNK];
        try {
            int count = body.read(buffer);
            if (count == -1) {
                last = Content.Chunk.EOF;
                answer.close();
                listeners.succeeded();
                return last;
            }
            return Content.Chunk.from(ByteBuffer.wrap(buffer, 0, count), false);
        } catch (IOException | RuntimeException failure) {
            last = Content.Chunk.from(failure, true);
            answer.close();
            listeners.failed(failure);
            return last;
        }
    }

    /** Always ready: the next read waits for the answer's stream, on the agent thread the demand runs on. */
    @Override
    public void demand(Runnable demandCallback) {
        readers.execute(demandCallback);
    }

    /** The app's listener gave up on the body. */
    @Override
    public void fail(Throwable failure) {
        abort(failure);
    }

    /** Ends the app's call with {@code cause} and aborts the answer, which unblocks a read in progress. */
    @Override
    public void abort(Throwable cause) {
        listeners.failed(cause);
        answer.abort();
    }
}
