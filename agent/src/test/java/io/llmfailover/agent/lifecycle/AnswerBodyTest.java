package io.llmfailover.agent.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.llmfailover.runtime.contract.BufferedResponse;
import io.llmfailover.runtime.contract.HttpHeaders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnswerBodyTest {

    @ParameterizedTest(name = "Content-Length [{0}] declares {1}")
    @CsvSource(value = {"'12', 12", "' 7 ', 7", "'0', 0", "'twelve', -1", "'', -1", "NONE, -1"}, nullValues = "NONE")
    void aMadeResponseTakesTheLengthTheAnswerDeclaresOrNone(String contentLength, long declared) {
        HttpHeaders.Builder headers = HttpHeaders.builder().add("Content-Type", "application/json");
        if (contentLength != null) {
            headers.add("Content-Length", contentLength);
        }

        assertEquals(declared, AnswerBody.declaredLength(new BufferedResponse(200, headers.build(), new byte[0])));
    }
}
