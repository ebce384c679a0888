package io.llmfailover.agent.client.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.agent.testing.FakeGovernor;
import io.micronaut.core.execution.ExecutionFlow;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.client.exceptions.HttpClientResponseException;
import io.micronaut.http.filter.FilterRunner;
import io.micronaut.http.filter.GenericHttpFilter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The app's own request sent twice down Micronaut's filter chain (a queued call's turn again after
 * a 429): the chain's filter iterator, walked back by the first answer, reaches the agent's filter
 * again, which must send the attempt on, never govern it as a call of its own.
 */
class MicronautResendTest {

    private static final String CHAT = "http://127.0.0.1:8080/v1/chat/completions";

    @Test
    void theAppsOwnRequestSentAgainGoesToTheNetworkNotIntoAnotherGovernedCall() throws Exception {
        AtomicInteger sent = new AtomicInteger();
        FakeGovernor governor = FakeGovernor.sendingTheAppsRequestAgain(Duration.ofSeconds(5));
        MicronautAdapter adapter = new MicronautAdapter(() -> governor);
        MutableHttpRequest<String> request = HttpRequest.POST(CHAT, "{\"model\":\"gpt-4o\",\"messages\":[]}");
        adapter.asked(request, new MicronautAsk(null, false, Argument.of(String.class)));
        List<Object> filters = new ArrayList<>();
        adapter.filtersResolved(request, filters);
        List<GenericHttpFilter> chain = filters.stream().map(GenericHttpFilter.class::cast).toList();

        // as the client does: an error status fails the flow with the exception that carries the response
        HttpResponse<?> response = new FilterRunner(chain, (sending, context) -> sent.incrementAndGet() == 1
                ? ExecutionFlow.error(new HttpClientResponseException("Too Many Requests",
                        HttpResponse.status(HttpStatus.TOO_MANY_REQUESTS).body("{\"error\":\"wait\"}".getBytes())))
                : ExecutionFlow.just(HttpResponse.ok("{\"answer\":42}".getBytes())))
                .run(request).toCompletableFuture().get(10, TimeUnit.SECONDS);

        assertEquals(200, response.code());
        assertEquals(2, sent.get(), "the provider heard the call twice");
        assertEquals(1, governor.executed().size(), "one governed call");
    }
}
