package io.llmfailover.agent.client.jdkhttp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.ResponseInfo;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

class SuccessToAppTest {

    private record Head(int statusCode) implements ResponseInfo {
        @Override
        public HttpHeaders headers() {
            return HttpHeaders.of(Map.of(), (name, value) -> true);
        }

        @Override
        public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
        }
    }

    private static final Flow.Subscription UNBOUNDED = new Flow.Subscription() {
        @Override
        public void request(long n) {}

        @Override
        public void cancel() {}
    };

    @Test
    void aSuccessGoesToTheAppsHandlerAsItIsReadAndTheRuntimeGetsTheSameBytes() throws Exception {
        SuccessToApp handler = new SuccessToApp(BodyHandlers.ofString());

        BodySubscriber<Object> subscriber = handler.apply(new Head(200));
        subscriber.onSubscribe(UNBOUNDED);
        ByteBuffer first = utf8("{\"choices\":");
        subscriber.onNext(List.of(first, utf8("[]")));
        subscriber.onNext(List.of(utf8("}")));
        subscriber.onComplete();

        assertEquals("{\"choices\":[]}", subscriber.getBody().toCompletableFuture().get());
        assertEquals(0, first.remaining(), "the app's subscriber read the client's own buffer");
        assertArrayEquals("{\"choices\":[]}".getBytes(StandardCharsets.UTF_8), handler.deliveredBody());
    }

    @Test
    void anyOtherAnswerIsReadWholeForTheRuntimeAndNeverReachesTheAppsHandler() throws Exception {
        SuccessToApp handler = new SuccessToApp(info -> {
            throw new AssertionError("the app's handler is not asked for a " + info.statusCode());
        });

        BodySubscriber<Object> subscriber = handler.apply(new Head(503));
        subscriber.onSubscribe(UNBOUNDED);
        subscriber.onNext(List.of(utf8("{\"error\":{}}")));
        subscriber.onComplete();

        assertArrayEquals("{\"error\":{}}".getBytes(StandardCharsets.UTF_8), (byte[]) subscriber.getBody().toCompletableFuture().get());
        assertNull(handler.deliveredBody());
    }

    private static ByteBuffer utf8(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }
}
