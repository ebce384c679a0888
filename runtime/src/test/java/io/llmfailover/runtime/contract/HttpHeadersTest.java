package io.llmfailover.runtime.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HttpHeadersTest {

    @Test
    void aClientsMapIsReadCaseInsensitivelyWithTheNamesAsWritten() {
        Map<String, List<String>> client = new LinkedHashMap<>();
        client.put("Content-Type", List.of("application/json"));
        client.put("x-ratelimit-remaining-requests", List.of("99"));

        HttpHeaders headers = HttpHeaders.of(client);

        assertEquals(List.of("application/json"), headers.all("content-type"));
        assertEquals("99", headers.first("X-RateLimit-Remaining-Requests").orElseThrow());
        assertEquals(List.of("Content-Type", "x-ratelimit-remaining-requests"), new ArrayList<>(headers.asMap().keySet()));
    }

    @Test
    void aClientsHeadersThatVisitEachNameAreCopiedInOrder() {
        Map<String, List<String>> client = new LinkedHashMap<>();
        client.put("Content-Type", List.of("application/json"));
        client.put("Accept", List.of("text/event-stream", "application/json"));

        HttpHeaders headers = HttpHeaders.ofNames(client::forEach);

        assertEquals(List.of("text/event-stream", "application/json"), headers.all("accept"));
        assertEquals(List.of("Content-Type", "Accept"), new ArrayList<>(headers.asMap().keySet()));
        assertSame(HttpHeaders.EMPTY, HttpHeaders.ofNames(each -> {}));
    }

    @Test
    void namesDifferingOnlyInCaseAreOneHeaderWithTheFirstSpelling() {
        Map<String, List<String>> client = new LinkedHashMap<>();
        client.put("Set-Cookie", List.of("a=1"));
        client.put("set-cookie", List.of("b=2", "c=3"));

        HttpHeaders headers = HttpHeaders.of(client);

        assertEquals(List.of("a=1", "b=2", "c=3"), headers.all("SET-COOKIE"));
        assertEquals(List.of("Set-Cookie"), new ArrayList<>(headers.asMap().keySet()));
    }

    @Test
    void aNullNameAndANameWithoutValuesAreLeftOut() {
        Map<String, List<String>> client = new LinkedHashMap<>();
        client.put(null, List.of("HTTP/1.1 200 OK"));
        client.put("x-empty", List.of());

        HttpHeaders headers = HttpHeaders.of(client);

        assertFalse(headers.contains("x-empty"));
        assertSame(HttpHeaders.EMPTY, headers);
    }

    @Test
    void theCopyDoesNotChangeWithTheClientsMapAndCannotBeChanged() {
        List<String> values = new ArrayList<>(List.of("one"));
        Map<String, List<String>> client = new LinkedHashMap<>();
        client.put("x-a", values);

        HttpHeaders headers = HttpHeaders.of(client);
        values.add("two");

        assertEquals(List.of("one"), headers.all("x-a"));
        assertThrows(UnsupportedOperationException.class, () -> headers.all("x-a").add("three"));
    }

    @Test
    void setReplacesEveryValueWhateverItsCaseAndRemoveTakesThemAll() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("X-Key", "one")
                .add("content-type", "text/plain")
                .add("x-key", "two")
                .build()
                .toBuilder()
                .set("x-KEY", "three")
                .build();

        assertEquals(List.of("three"), headers.all("X-Key"));
        assertEquals("text/plain", headers.first("Content-Type").orElseThrow());
        assertEquals(List.of("x-KEY"), new ArrayList<>(headers.toBuilder().remove("content-type").build().asMap().keySet()));
        assertFalse(headers.toBuilder().remove("X-KEY").build().contains("x-key"));
    }

    @Test
    void pairsAreVisitedInTheOrderAddedAndOnlyNamesArePrinted() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-secret")
                .add("Accept", "a")
                .add("accept", "b")
                .build();
        List<String> visited = new ArrayList<>();

        headers.forEach((name, value) -> visited.add(name + ": " + value));

        assertEquals(List.of("Authorization: Bearer sk-secret", "Accept: a", "accept: b"), visited);
        assertEquals(List.of("a", "b"), headers.asMap().get("Accept"));
        assertEquals("HttpHeaders[authorization, accept]", headers.toString());
        assertSame(HttpHeaders.EMPTY, HttpHeaders.builder().add("x", "y").remove("X").build());
    }

    @Test
    void aPrefixIsLookedForInEveryNameWithoutCase() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Content-Type", "application/json")
                .add("X-RateLimit-Remaining-Requests", "9")
                .build();

        assertTrue(headers.hasNameStartingWith("x-ratelimit-"));
        assertTrue(headers.hasNameStartingWith("content-type"));
        assertFalse(headers.hasNameStartingWith("anthropic-ratelimit-"));
        assertFalse(headers.hasNameStartingWith("content-type-and-more"));
        assertFalse(HttpHeaders.EMPTY.hasNameStartingWith("x-"));
    }

    @Test
    void withoutDropsTheNamedPairsKeepsTheOrderOfTheRestAndCopiesNothingWhenNoneIsDropped() {
        HttpHeaders headers = HttpHeaders.builder()
                .add("Connection", "close").add("Content-Type", "application/json")
                .add("connection", "keep-alive").add("X-Request-Id", "r1").add("Keep-Alive", "5")
                .build();

        HttpHeaders kept = headers.without(name -> name.equalsIgnoreCase("connection") || name.equalsIgnoreCase("keep-alive"));

        List<String> pairs = new ArrayList<>();
        kept.forEach((name, value) -> pairs.add(name + ": " + value));
        assertEquals(List.of("Content-Type: application/json", "X-Request-Id: r1"), pairs);
        assertSame(headers, headers.without(name -> false));
        assertSame(HttpHeaders.EMPTY, headers.without(name -> true));
    }

    @Test
    void countAndFirstOrNullReadAHeaderWithoutCaseAndWithoutAList() {
        HttpHeaders headers = HttpHeaders.builder().add("X-Api-Key", "a").add("x-api-key", "b").add("Accept", "*/*").build();

        assertEquals(2, headers.count("x-api-key"));
        assertEquals(0, headers.count("Authorization"));
        assertEquals("a", headers.firstOrNull("X-API-KEY"));
        assertEquals(null, headers.firstOrNull("Authorization"));
    }
}
