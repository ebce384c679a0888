package io.llmfailover.runtime.resilience.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How a call's tokens are estimated before it is sent: input by the model's tokenizer or rule, plus the output it asks for. */
class TokenEstimateTest {

    private static final int DEFAULT_MAX_TOKENS = 4096;

    @Test
    void openAiModelsAreCountedExactlyWithTheirOwnEncoding() {
        String body = "{\"model\":\"gpt-4o\",\"max_tokens\":100,\"messages\":[{\"role\":\"user\",\"content\":\"Hello world\"}]}";

        // o200k_base: "user" 1, "Hello world" 2.
        assertEquals(1 + 2 + 100, estimate(body, "gpt-4o"));
        assertEquals(1 + 2 + 100, estimate(body, "gpt-4-turbo"), "cl100k_base splits these alike");
    }

    @Test
    void byCharactersCountsAnOpenAiModelsInputAtFourCharactersAToken() {
        String body = "{\"model\":\"gpt-4o\",\"max_tokens\":100,\"messages\":[{\"role\":\"user\",\"content\":\"Hello world\"}]}";
        TokenEstimate estimate = new TokenEstimate(body.getBytes(StandardCharsets.UTF_8), "gpt-4o", DEFAULT_MAX_TOKENS);

        assertEquals(1 + 3 + 100, estimate.byCharacters(), "\"user\" 1, \"Hello world\" 3, the output asked for");
        assertEquals(1 + 2 + 100, estimate.total());
    }

    @Test
    void otherModelsCountFourCharactersToATokenRoundedUp() {
        String body = "{\"max_tokens\":10,\"system\":\"abcdefgh\",\"messages\":[{\"role\":\"user\",\"content\":\"abcde\"}]}";

        assertEquals(2 + 1 + 2 + 10, estimate(body, "claude-sonnet-4-5"));
    }

    @Test
    void anImageCountsAFlatThousandAndToolsTheirSchemaByCharacters() {
        String tools = "[{\"type\":\"function\",\"function\":{\"name\":\"f\"}}]";
        String body = "{\"max_completion_tokens\":5,\"tools\":" + tools + ",\"messages\":[{\"role\":\"user\",\"content\":["
                + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,AAAA\"}}]}]}";

        assertEquals(1 + TokenEstimate.TOKENS_PER_IMAGE + (tools.length() + 3) / 4 + 5, estimate(body, "deepseek-chat"));
    }

    @Test
    void withoutAnOutputLimitTheConfiguredDefaultIsAssumed() {
        String body = "{\"contents\":[{\"parts\":[{\"text\":\"abcd\"}]}]}";

        assertEquals(1 + DEFAULT_MAX_TOKENS, estimate(body, "gemini-2.5-pro"));
        assertEquals(1 + 7, estimate("{\"contents\":[{\"parts\":[{\"text\":\"abcd\"}]}],"
                + "\"generationConfig\":{\"maxOutputTokens\":7}}", "gemini-2.5-pro"), "Gemini's own field");
    }

    @Test
    void aBodyThatIsNotJsonCountsByCharacters() {
        assertEquals(4 + DEFAULT_MAX_TOKENS, estimate("not json at all", "gpt-4o"));
    }

    private static long estimate(String body, String model) {
        return new TokenEstimate(body.getBytes(StandardCharsets.UTF_8), model, DEFAULT_MAX_TOKENS).total();
    }
}
