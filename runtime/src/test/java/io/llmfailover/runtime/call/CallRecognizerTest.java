package io.llmfailover.runtime.call;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An app's own Converse call, as the AWS SDK sends it, and Claude's InvokeModel, as the Anthropic
 * SDK's Bedrock backend sends it, are governed operations of a Bedrock provider.
 */
class CallRecognizerTest {

    private static final String CLAUDE_BODY =
            "{\"anthropic_version\":\"bedrock-2023-05-31\",\"max_tokens\":64,\"messages\":[]}";
    private static final Provider BEDROCK = new Provider("bedrock", URI.create("https://bedrock-runtime.us-east-1.amazonaws.com"),
            Protocol.BEDROCK, List.of(), Map.of());

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            POST | /model/anthropic.claude-3-5-haiku-20241022-v1%3A0/converse        | anthropic.claude-3-5-haiku-20241022-v1:0 | false
            POST | /model/anthropic.claude-3-5-haiku-20241022-v1%3A0/converse-stream | anthropic.claude-3-5-haiku-20241022-v1:0 | true
            POST | /model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Ainference-profile%2Fus.meta.llama3/converse | arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.meta.llama3 | false
            POST | /prefix/model/amazon.nova-lite-v1%3A0/converse                    | amazon.nova-lite-v1:0                    | false
            POST | /model/a+b/converse                                              | a+b                                      | false
            """)
    void aConverseCallNamesItsModelInThePathEscapedAsTheSdkEscapesIt(String method, String path, String model, boolean stream) {
        assertEquals(Operation.CONVERSE, CallRecognizer.operationOf(Protocol.BEDROCK, method, path));
        SourceRequest source = CallRecognizer.recognize(BEDROCK, request(method, path)).orElseThrow().source();
        assertEquals(model, source.model());
        assertEquals(stream, source.stream());
        assertEquals(Operation.CONVERSE, source.operation());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke                      | anthropic.claude-3-5-haiku-20241022-v1:0 | false
            /model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream | anthropic.claude-3-5-haiku-20241022-v1:0 | true
            /model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke                    | us.anthropic.claude-sonnet-4-20250514-v1:0 | false
            """)
    void anInvokeModelCallIsAnthropicMessagesInInvokeModelsEnvelope(String path, String model, boolean stream) {
        for (Protocol protocol : List.of(Protocol.BEDROCK, Protocol.BEDROCK_ANTHROPIC)) {
            assertEquals(Operation.MESSAGES, CallRecognizer.operationOf(protocol, "POST", path));
        }
        RecognizedCall call = CallRecognizer.recognize(BEDROCK, request("POST", path, CLAUDE_BODY)).orElseThrow();
        assertEquals(model, call.source().model());
        assertEquals(stream, call.source().stream());
        assertEquals(Operation.MESSAGES, call.source().operation());
        assertEquals(Protocol.BEDROCK_ANTHROPIC, call.caller());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(textBlock = """
            /model/amazon.nova-lite-v1%3A0/converse
            /model/amazon.nova-lite-v1%3A0/converse-stream
            """)
    void aBedrockAnthropicProviderTakesNoConverseCall(String path) {
        assertNull(CallRecognizer.operationOf(Protocol.BEDROCK_ANTHROPIC, "POST", path));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            GET  | /model/amazon.nova-lite-v1%3A0/converse
            POST | /model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke/extra
            POST | /model/%2E%2E/invoke
            POST | /model/amazon.nova-lite-v1%3A0/converse/extra
            POST | /model//converse
            POST | /model/%2E%2E/converse
            POST | /converse
            POST | /guardrail/g1/version/1/apply
            """)
    void anyOtherBedrockRequestIsNotGoverned(String method, String path) {
        assertNull(CallRecognizer.operationOf(Protocol.BEDROCK, method, path));
        assertTrue(CallRecognizer.recognize(BEDROCK, request(method, path)).isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            /model/meta.llama3-70b-instruct-v1%3A0/invoke                 | {"prompt":"Say hello","max_gen_len":64}
            /model/amazon.titan-embed-text-v2%3A0/invoke                  | {"inputText":"Say hello"}
            /model/amazon.titan-text-express-v1/invoke-with-response-stream | {"inputText":"Say hello"}
            """)
    void anInvokeModelCallToAnotherPublishersModelIsNotGoverned(String path, String body) {
        assertTrue(CallRecognizer.recognize(BEDROCK, request("POST", path, body)).isEmpty());
    }

    private static LlmRequest request(String method, String path) {
        return request(method, path, "{\"messages\":[]}");
    }

    private static LlmRequest request(String method, String path, String body) {
        return new LlmRequest(method, URI.create("https://bedrock-runtime.us-east-1.amazonaws.com" + path), HttpHeaders.EMPTY,
                body.getBytes(StandardCharsets.UTF_8));
    }
}
