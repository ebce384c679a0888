package io.llmfailover.agent.client.micronaut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.agent.testing.FakeGovernor;
import io.micronaut.core.execution.ExecutionFlow;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.filter.GenericHttpFilter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The adapter driven as its advice drives it: a request the app's client method marked gets the
 * agent's filter when its filters are resolved, if the runtime governs it; anything else keeps its
 * filters as they are.
 */
class MicronautAdapterTest {

    private static final String CHAT = "http://127.0.0.1:8080/v1/chat/completions";
    private static final MicronautAsk EXCHANGE = new MicronautAsk(null, false, Argument.of(String.class));

    private final MicronautAdapter governingChat = new MicronautAdapter(
            () -> new FakeGovernor(uri -> uri.getPath().endsWith("/chat/completions"), (request, transport) -> {
                throw new AssertionError("resolving filters sends nothing");
            }));

    @Test
    void aMarkedGovernedCallGetsTheAgentsFilterAfterTheAppsOwn() {
        MutableHttpRequest<String> request = HttpRequest.POST(CHAT, "{}");
        List<Object> filters = new ArrayList<>(List.of("app filter"));

        governingChat.asked(request, EXCHANGE);
        governingChat.filtersResolved(request, filters);

        assertEquals(2, filters.size());
        assertEquals("app filter", filters.get(0));
        assertInstanceOf(GenericHttpFilter.class, filters.get(1));
        assertTrue(request.getAttribute(MicronautAdapter.ASK_ATTRIBUTE).isEmpty(), "the mark is taken off the request");
    }

    @Test
    void aCallToAProvidersHostThatIsNotGovernedGoesWithoutTheAgentsRouteHeader() {
        MicronautAdapter providerHost = new MicronautAdapter(FakeGovernor::governingNothingAtAProvidersHost);
        MutableHttpRequest<String> request = HttpRequest.POST("http://127.0.0.1:8080/v1/files", "{}")
                .header("Authorization", "Bearer app-key").header("x-llm-route", "budget");
        List<Object> filters = new ArrayList<>();

        providerHost.asked(request, EXCHANGE);
        providerHost.filtersResolved(request, filters);

        assertTrue(filters.isEmpty(), "left to Micronaut");
        assertTrue(request.getHeaders().get("x-llm-route") == null, "the agent's own header never reaches a provider");
        assertEquals("Bearer app-key", request.getHeaders().get("Authorization"));
    }

    @Test
    void aCallTheRuntimeDoesNotGovernKeepsItsFilters() {
        MutableHttpRequest<String> request = HttpRequest.POST("http://127.0.0.1:8080/v1/files", "{}");
        List<Object> filters = new ArrayList<>();

        governingChat.asked(request, EXCHANGE);
        governingChat.filtersResolved(request, filters);

        assertTrue(filters.isEmpty());
        assertTrue(request.getAttribute(MicronautAdapter.ASK_ATTRIBUTE).isEmpty());
    }

    @Test
    void aRequestNoClientMethodMarkedKeepsItsFilters() {
        List<Object> filters = new ArrayList<>();

        governingChat.filtersResolved(HttpRequest.POST(CHAT, "{}"), filters);

        assertTrue(filters.isEmpty(), "a redirect, or a call through a method the agent does not hook, passes through");
    }

    @Test
    void aFallbackAttemptsRedirectFailsAndTheAppsOwnIsFollowed() {
        assertNull(governingChat.redirecting(HttpRequest.POST(CHAT, "{}"), HttpRequest.GET(CHAT)));

        MutableHttpRequest<Object> fallback = HttpRequest.POST(CHAT, (Object) "{}");
        MicronautTransport.markFallback(fallback);
        Object refused = governingChat.redirecting(fallback, HttpRequest.GET(CHAT));

        assertNotNull(((ExecutionFlow<?>) refused).tryCompleteError(), "the redirect fails");
    }

    @Test
    void anAttemptsEventStreamIsNotSplitIntoLinesAndTheAppsOwnRequestsIs() {
        MutableHttpRequest<Object> attempt = HttpRequest.POST(CHAT, (Object) "{}");
        MicronautTransport.markAttempt(attempt);
        MutableHttpRequest<Object> redirect = HttpRequest.POST(CHAT, (Object) "{}");

        assertNull(governingChat.redirecting(attempt, redirect), "the app's own attempt follows its redirect");

        assertFalse(governingChat.splitsEvents(attempt), "the runtime reads the provider's bytes");
        assertFalse(governingChat.splitsEvents(redirect), "and those of the redirect it followed");
        assertTrue(governingChat.splitsEvents(HttpRequest.POST(CHAT, "{}")), "a request of the app's, sent as it is");
    }
}
