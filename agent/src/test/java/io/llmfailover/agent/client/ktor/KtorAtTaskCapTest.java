package io.llmfailover.agent.client.ktor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.engine.cio.CIO;
import io.ktor.client.request.HttpRequestData;
import io.ktor.client.request.HttpResponseData;
import io.ktor.http.ContentType;
import io.ktor.http.HeadersBuilder;
import io.ktor.http.HttpMethod;
import io.ktor.http.URLUtilsKt;
import io.ktor.http.content.TextContent;
import io.ktor.util.AttributesJvmKt;
import io.llmfailover.agent.testing.EveryTaskSlotTaken;
import io.llmfailover.agent.testing.FakeGovernor;
import io.llmfailover.agent.testing.LoopbackServer;
import io.llmfailover.runtime.time.TaskCap;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import kotlin.ResultKt;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;
import kotlinx.coroutines.JobKt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every agent task slot taken (the cap is 2 in this test's JVM): a governed Ktor call goes out at
 * once, ungoverned, as the app made it, but without the agent's own {@code x-llm-route}, which
 * Ktor's request cannot lose in place: the adapter sends the copy without it, once.
 */
class KtorAtTaskCapTest {

    private static final String CHAT = "{\"model\":\"gpt-4o\",\"messages\":[]}";
    private static final long WAIT_SECONDS = 20;

    private final LoopbackServer primary = new LoopbackServer();
    private final HttpClientEngine engine = CIO.INSTANCE.create(config -> Unit.INSTANCE);

    @AfterEach
    void close() throws IOException {
        engine.close();
        primary.close();
    }

    @Test
    void aGovernedCallWithTheRouteHeaderGoesOutUngovernedWithoutIt() throws Exception {
        HeadersBuilder headers = new HeadersBuilder(8);
        headers.append("Authorization", "Bearer app-key");
        headers.append("x-llm-route", "budget");
        HttpRequestData request = new HttpRequestData(URLUtilsKt.Url(primary.uri("/v1/chat/completions").toString()),
                HttpMethod.Companion.getPost(), headers.build(),
                new TextContent(CHAT, ContentType.Application.INSTANCE.getJson(), null), JobKt.Job(null),
                AttributesJvmKt.Attributes(true));
        AppCall app = new AppCall(engine);
        long before = TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED);

        HttpResponseData response;
        try (EveryTaskSlotTaken taken = new EveryTaskSlotTaken()) {
            Object returned = new KtorAdapter(FakeGovernor::neverReached).execute(engine, request, app);
            // As the advice does: null lets the engine's own execute run with the app's request.
            if (returned == null) {
                returned = engine.execute(request, app);
            }
            if (returned != IntrinsicsKt.getCOROUTINE_SUSPENDED()) {
                app.resumeWith(returned);
            }
            response = app.outcome.get(WAIT_SECONDS, TimeUnit.SECONDS);
        }

        assertEquals(200, response.getStatusCode().getValue());
        assertEquals(1, primary.received().size(), "sent once");
        LoopbackServer.Received received = primary.received().get(0);
        assertNull(received.header("x-llm-route"), "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", received.header("Authorization"));
        assertEquals(CHAT, received.bodyText());
        assertEquals(before + 1, TaskCap.count(TaskCap.Fallback.CALL_UNGOVERNED));
    }

    /** The app's side of one call, as Ktor's client pipeline sets it up for the engine. */
    private static final class AppCall implements Continuation<Object> {
        final CompletableFuture<HttpResponseData> outcome = new CompletableFuture<>();
        private final CoroutineContext context;

        AppCall(HttpClientEngine engine) {
            CoroutineContext callContext = engine.getCoroutineContext().plus(JobKt.Job(null));
            this.context = callContext.plus(new KtorCallContextElement(callContext));
        }

        @Override
        public CoroutineContext getContext() {
            return context;
        }

        @Override
        public void resumeWith(Object result) {
            try {
                ResultKt.throwOnFailure(result);
                outcome.complete((HttpResponseData) result);
            } catch (Throwable failure) {
                outcome.completeExceptionally(failure);
            }
        }
    }
}
