package io.llmfailover.runtime.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathSegmentTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "anthropic.claude-3-5-sonnet-20240620-v1:0 | false | anthropic.claude-3-5-sonnet-20240620-v1%3A0",
        "arn:aws:bedrock:us-east-1:1:inference-profile/x | false | arn%3Aaws%3Abedrock%3Aus-east-1%3A1%3Ainference-profile%2Fx",
        "claude-sonnet-4@20250514 | true | claude-sonnet-4@20250514",
        "claude-sonnet-4@20250514 | false | claude-sonnet-4%4020250514",
        "a b?c#d%e | true | a%20b%3Fc%23d%25e",
        "é | false | %C3%A9"})
    void escapesEveryByteButTheUnreservedOnes(String value, boolean keepAt, String expected) {
        assertEquals(expected, PathSegment.escaped(value, keepAt));
        assertEquals(value, PathSegment.unescaped(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"%", "%4", "%zz", "model%2"})
    void aMalformedEscapeNamesNoSegment(String segment) {
        assertNull(PathSegment.unescaped(segment));
    }

    @ParameterizedTest
    @CsvSource({"a+b, a+b", "a%2Bb, a+b"})
    void aPlusStaysAPlus(String segment, String expected) {
        assertEquals(expected, PathSegment.unescaped(segment));
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "..", "..."})
    void dotsAloneAreDotsOnly(String value) {
        assertTrue(PathSegment.dotsOnly(value));
        assertFalse(OperationPaths.escapable(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a.", ".a", "a..b"})
    void anythingElseIsNot(String value) {
        assertFalse(PathSegment.dotsOnly(value));
    }
}
