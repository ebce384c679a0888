package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReasonPhraseTest {

    @ParameterizedTest(name = "{0} -> [{1}]")
    @CsvSource(value = {"200, OK", "408, Request Timeout", "422, Unprocessable Entity", "429, Too Many Requests",
            "503, Service Unavailable", "418, ''", "299, ''"})
    void aMadeStatusLineNamesTheStatusesTheRuntimeMakesAndNoOther(int status, String phrase) {
        assertEquals(phrase, ReasonPhrase.of(status));
    }
}
