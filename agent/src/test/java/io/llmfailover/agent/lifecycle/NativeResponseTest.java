package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmResponse;
import io.llmfailover.runtime.contract.WholeBodyStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A client's own response as the runtime sees it: its head and body as given, and how it lets go of the exchange. */
class NativeResponseTest {

    private static final HttpHeaders HEADERS = HttpHeaders.builder().add("Content-Type", "text/event-stream").build();

    private final List<String> done = new ArrayList<>();
    private final InputStream body = new ByteArrayInputStream(new byte[] {1, 2, 3}) {
        @Override
        public void close() {
            done.add("body closed");
        }
    };

    @Test
    void showsTheClientsStatusHeadersAndBodyAndKeepsItsResponse() {
        Object client = new Object();
        NativeResponse<Object> response = NativeResponse.of(client, 429, HEADERS, body);

        assertEquals(429, response.status());
        assertSame(HEADERS, response.headers());
        assertSame(body, response.body());
        assertSame(client, response.nativeResponse());
    }

    @Test
    void closingClosesTheBodyThenRunsTheClientsRelease() {
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, body).releasedBy(() -> done.add("released"));

        response.close();

        assertEquals(List.of("body closed", "released"), done);
    }

    @Test
    void abortingIsClosingWhenTheClientHasNoCutOfItsOwn() {
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, body).releasedBy(() -> done.add("released"));

        response.abort();

        assertEquals(List.of("body closed", "released"), done);
    }

    @Test
    void abortingRunsTheClientsCutInsteadOfClosing() {
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, body)
                .releasedBy(() -> done.add("released"))
                .abortedBy(() -> done.add("cut"));

        response.abort();

        assertEquals(List.of("cut"), done);
    }

    @Test
    void aBodyWhoseCloseFailsIsStillReleased() {
        InputStream failing = new ByteArrayInputStream(new byte[0]) {
            @Override
            public void close() throws IOException {
                throw new IOException("Connection reset by peer");
            }
        };
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, failing).releasedBy(() -> done.add("released"));

        response.close();

        assertEquals(List.of("released"), done);
    }

    @Test
    void anOpenedBodyIsOpenedOnceWhenFirstAskedForAndThenKept() {
        List<InputStream> opened = new ArrayList<>();
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> {
            opened.add(body);
            return body;
        });

        assertEquals(List.of(), opened, "nothing opened before the runtime reads");
        assertSame(body, response.body());
        assertSame(body, response.body());
        assertEquals(List.of(body), opened);
    }

    @Test
    void closingABodyNeverOpenedOpensItToCloseIt() {
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> {
            done.add("opened");
            return body;
        }).releasedBy(() -> done.add("released"));

        response.close();

        assertEquals(List.of("opened", "body closed", "released"), done);
    }

    @Test
    void aBodyThatCannotBeOpenedFailsItsRead() {
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> {
            throw new IOException("Connection reset");
        });

        UncheckedIOException failed = assertThrows(UncheckedIOException.class, response::body);
        assertEquals("Connection reset", failed.getCause().getMessage());
    }

    @Test
    void aClientThatClosesThroughItsResponseClosesSoInsteadOfClosingTheBody() {
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> {
            done.add("opened");
            return body;
        }).closedBy(() -> done.add("response closed")).releasedBy(() -> done.add("released"));

        response.close();

        assertEquals(List.of("response closed", "released"), done, "no body opened only to be closed");
    }

    @Test
    void aBodyNeverOpenedIsLetGoOfByTheClientsOwnCloseForIt() {
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> {
            done.add("opened");
            return body;
        }).closedUnopenedBy(() -> done.add("discarded")).releasedBy(() -> done.add("released"));

        response.close();

        assertEquals(List.of("discarded", "released"), done);
    }

    @Test
    void anOpenedBodyIsClosedEvenWhenTheClientHasACloseForAnUnopenedOne() {
        NativeResponse<String> response = NativeResponse.opening("client", 200, HEADERS, () -> body)
                .closedUnopenedBy(() -> done.add("discarded"));

        response.body();
        response.close();

        assertEquals(List.of("body closed"), done);
    }

    @Test
    void aResponseHandedOverToTheAppIsTheAppsToRelease() {
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, body).releasedBy(() -> done.add("released"));

        assertEquals("client", response.handOver());
        response.close();
        response.abort();

        assertEquals(List.of(), done);
    }

    @Test
    void aResponseIsLetGoOfHandedOverOrNotWhenTheAppGaveUp() {
        NativeResponse<String> response = NativeResponse.of("client", 200, HEADERS, body).releasedBy(() -> done.add("released"));

        response.handOver();
        response.letGo();

        assertEquals(List.of("body closed", "released"), done);
    }

    @Test
    void onlyAnOwnAnswerWhoseBodyIsUntouchedIsHandedOver() {
        NativeResponse<StringBuilder> own = NativeResponse.of(new StringBuilder("client"), 200, HEADERS, body);

        assertNull(NativeResponse.handedOver(Answer.own(wrapped(own), own), StringBuilder.class), "the runtime watches its body");
        own.close();
        assertEquals(List.of("body closed"), done, "not handed over: still the agent's to close");

        assertSame(own.nativeResponse(), NativeResponse.handedOver(Answer.own(own, own), StringBuilder.class));
        own.close();
        assertEquals(List.of("body closed"), done, "handed over: the app's");
        assertNull(NativeResponse.handedOver(Answer.made(own), StringBuilder.class));
    }

    @Test
    void theClientsResponseIsFoundBehindAnOwnAnswerOnly() {
        NativeResponse<StringBuilder> own = NativeResponse.of(new StringBuilder("client"), 200, HEADERS, body);
        LlmResponse made = NativeResponse.of("made", 200, HEADERS, body);

        assertSame(own.nativeResponse(), NativeResponse.ownOf(Answer.own(own, own), StringBuilder.class));
        assertNull(NativeResponse.ownOf(Answer.made(own), StringBuilder.class));
        assertNull(NativeResponse.ownOf(Answer.own(made, made), StringBuilder.class), "another client's type");
        assertNull(NativeResponse.ownOf(Answer.own(own, wrapped(own)), StringBuilder.class), "the runtime's own response around it");
    }

    private static LlmResponse wrapped(LlmResponse response) {
        return new LlmResponse() {
            @Override
            public int status() {
                return response.status();
            }

            @Override
            public HttpHeaders headers() {
                return response.headers();
            }

            @Override
            public InputStream body() {
                return new WholeBodyStream(new byte[0]);
            }

            @Override
            public void close() {
                response.close();
            }
        };
    }
}
