package io.llmfailover.agent.client.ktor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.ktor.client.plugins.HttpRequestTimeoutException;
import io.ktor.utils.io.ByteChannel;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.ReportedStreamBreak;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A body that broke off is never read as one that ended, on the engine's side or the app's; one
 * the app's own timeout broke is the app's doing, not its provider's break; a break the app was
 * told of by an error event ends the app's body after that event.
 */
class KtorBodyTest {

    private static final byte[] EVENT = "data: {\"x\":1}\n\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void aBodyTheEngineEndedIsReadToItsEnd() throws IOException {
        ByteChannel channel = channelHolding(EVENT);
        channel.close();

        try (InputStream body = new EngineBody(channel, () -> { })) {
            assertArrayEquals(EVENT, body.readAllBytes());
            assertEquals(-1, body.read());
        }
    }

    @Test
    void aConnectionResetBeforeTheNextReadIsAnErrorNotAnEnd() {
        ByteChannel channel = channelHolding(EVENT);
        channel.cancel(new IOException("Connection reset"));

        IOException broken = assertThrows(IOException.class, () -> new EngineBody(channel, () -> { }).readAllBytes());
        assertFalse(broken instanceof EOFException, "an EOFException would read as the end in the app's channel");
        assertFalse(broken instanceof CallAbandonedException, "a reset is the provider's break");
    }

    /** As CIO breaks a body read silent past the app's {@code socketTimeoutMillis}: a channel closed by a channel closed by it. */
    @Test
    void aBodyTheAppsSocketTimeoutBrokeIsTheAppsOwnFailureAsKtorRaisedIt() {
        ByteChannel channel = channelHolding(EVENT);
        IOException raised = new IOException("channel closed", new IOException("channel closed", new SocketTimeoutException()));
        channel.cancel(raised);

        CallAbandonedException appsOwn = assertThrows(CallAbandonedException.class,
                () -> new EngineBody(channel, () -> { }).readAllBytes());
        assertSame(raised, appsOwn.appFailure().getCause(), "what Ktor's read raised, for the app");
    }

    /** CIO's own {@code requestTimeout} runs over each attempt until its body is read. */
    @Test
    void aBodyTheAppsEngineRequestTimeoutBrokeIsTheAppsOwnFailure() {
        ByteChannel channel = channelHolding(EVENT);
        channel.cancel(new HttpRequestTimeoutException("http://127.0.0.1/v1/chat/completions", null, null));

        assertThrows(CallAbandonedException.class, () -> new EngineBody(channel, () -> { }).readAllBytes());
    }

    @Test
    void closingTheBodyEndsTheAttempt() throws IOException {
        AtomicInteger ended = new AtomicInteger();
        ByteChannel channel = channelHolding(EVENT);

        new EngineBody(channel, ended::incrementAndGet).close();

        assertEquals(1, ended.get());
    }

    @Test
    void anAnswerCutShortStaysAFailureForTheAppsChannel() {
        InputStream gzipCutShort = new InputStream() {
            private int left = EVENT.length;

            @Override
            public int read() throws IOException {
                if (left-- > 0) {
                    return 'x';
                }
                throw new EOFException("Unexpected end of ZLIB input stream");
            }
        };

        IOException broken = assertThrows(IOException.class, () -> new KtorRelayedBody(gzipCutShort).readAllBytes());
        assertFalse(broken instanceof EOFException, "Ktor's channel over a stream takes an EOFException for the end");
    }

    @Test
    void aStreamBreakTheAppWasToldOfByAnErrorEventEndsTheBodySoTheEventIsNotDroppedWithIt() throws IOException {
        byte[] errorEvent = "data: {\"error\":{\"message\":\"broke off\"}}\n\n".getBytes(StandardCharsets.UTF_8);
        InputStream committed = new InputStream() {
            private final InputStream event = new java.io.ByteArrayInputStream(errorEvent);

            @Override
            public int read() throws IOException {
                int b = event.read();
                if (b < 0) {
                    throw new ReportedStreamBreak("the provider's stream broke off", new IOException("Connection reset"));
                }
                return b;
            }
        };

        try (InputStream body = new KtorRelayedBody(committed)) {
            assertArrayEquals(errorEvent, body.readAllBytes());
        }
    }

    private static ByteChannel channelHolding(byte[] bytes) {
        ByteChannel channel = new ByteChannel(false);
        channel.getWriteBuffer().write(bytes, 0, bytes.length);
        channel.flushWriteBuffer();
        return channel;
    }
}
