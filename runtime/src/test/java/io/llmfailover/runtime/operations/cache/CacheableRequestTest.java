package io.llmfailover.runtime.operations.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.AppKeyId;
import io.llmfailover.runtime.keys.KeyFingerprint;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cache key: the same question asked the same way, by the same credential, of the same place
 * has one key, whatever its spelling; a credential is never in it, only its id; and a question that
 * names state kept at the provider has none.
 */
class CacheableRequestTest {

    private static final String HELLO = "{\"model\":\"gpt-4o\",\"temperature\":0.2,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final AppKeyId IDS = new AppKeyId(KeyFingerprint.salted(KeyFingerprint.DEFAULT_SALT));

    @Test
    void fieldOrderAndWhitespaceDoNotChangeTheKey() {
        String reordered = "{ \"messages\" : [ { \"content\":\"hi\", \"role\":\"user\" } ],\n"
                + "  \"temperature\": 0.2,  \"model\": \"gpt-4o\" }";

        assertEquals(keyOf(call(HELLO)), keyOf(call(reordered)));
    }

    @Test
    void differentMessagesHaveDifferentKeys() {
        String other = HELLO.replace("\"hi\"", "\"hello\"");

        assertNotEquals(keyOf(call(HELLO)), keyOf(call(other)));
    }

    @Test
    void theTemperatureModelAndToolsCount() {
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("0.2", "0.9"))));
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("gpt-4o", "gpt-4o-mini"))));
        assertNotEquals(keyOf(call(HELLO)), keyOf(call(HELLO.replace("{\"model\"", "{\"tools\":[{\"type\":\"function\"}],\"model\""))));
    }

    @Test
    void aStreamedRequestAndAnotherOperationHaveKeysOfTheirOwnSinceTheirAnswersAreWrittenDifferently() {
        RecognizedCall plain = call(HELLO);
        RecognizedCall streamed = new RecognizedCall(plain.request(), plain.addressed(),
                new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", true, null, plain.source().body()));
        RecognizedCall responses = new RecognizedCall(plain.request(), plain.addressed(),
                new SourceRequest(Operation.RESPONSES, "gpt-4o", false, null,
                        HELLO.replace("{", "{\"store\":false,").getBytes(StandardCharsets.UTF_8)));

        assertNotEquals(keyOf(plain), keyOf(streamed));
        assertNotEquals(keyOf(plain), keyOf(responses));
    }

    @Test
    void twoTenantsAskingTheSameQuestionHaveTwoKeysAndNeitherKeyHoldsACredential() {
        CacheKey one = keyOf(call(HELLO, "Bearer sk-first-secret"));
        CacheKey again = keyOf(call(HELLO, "Bearer sk-first-secret"));
        CacheKey other = keyOf(call(HELLO, "Bearer sk-second-secret"));

        assertEquals(one, again);
        assertNotEquals(one, other, "one tenant's answer is never another's");
        assertFalse(one.toString().contains("secret"));
        assertEquals(64, one.sha256().length(), "only a SHA-256 is kept");
    }

    @Test
    void twoAzureResourcesAndTwoDeploymentsBehindOneHostHaveKeysOfTheirOwn() {
        CacheKey east = keyOf(call(HELLO, "https://east.openai.azure.com/openai/deployments/gpt-4o/chat/completions"));
        CacheKey west = keyOf(call(HELLO, "https://west.openai.azure.com/openai/deployments/gpt-4o/chat/completions"));
        CacheKey otherDeployment = keyOf(call(HELLO, "https://east.openai.azure.com/openai/deployments/gpt-4o-eu/chat/completions"));
        CacheKey otherPort = keyOf(call(HELLO, "https://east.openai.azure.com:8443/openai/deployments/gpt-4o/chat/completions"));
        CacheKey plainHttp = keyOf(call(HELLO, "http://east.openai.azure.com/openai/deployments/gpt-4o/chat/completions"));

        assertEquals(5, Set.of(east, west, otherDeployment, otherPort, plainHttp).size());
        assertEquals(east, keyOf(call(HELLO, "https://EAST.openai.azure.com:443/openai/deployments/gpt-4o/chat/completions")),
                "the same origin however it is spelt");
    }

    @Test
    void toolsAreSeenWhetherModernOrLegacyButAnEmptyListIsNone() {
        assertTrue(cacheable(call(HELLO.replace("{", "{\"tools\":[{\"type\":\"function\"}],"))).carriesTools());
        assertTrue(cacheable(call(HELLO.replace("{", "{\"functions\":[{\"name\":\"f\"}],"))).carriesTools());
        assertFalse(cacheable(call(HELLO.replace("{", "{\"tools\":[],"))).carriesTools());
        assertFalse(cacheable(call(HELLO)).carriesTools());
    }

    @Test
    void aBodyThatIsNotJsonIsNotCached() {
        assertTrue(CacheableRequest.of(call("not json"), "app").isEmpty());
    }

    /** Each field that names state kept at the provider makes a request uncacheable, whatever else it says. */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "CHAT_COMPLETIONS | {'store':true}",
        "CHAT_COMPLETIONS | {'messages':[{'role':'user','content':[{'type':'file','file':{'file_id':'file-abc'}}]}]}",
        "CHAT_COMPLETIONS | {'assistant_id':'asst_1'}",
        "CHAT_COMPLETIONS | {'thread_id':'thread_1'}",
        "RESPONSES        | {'input':'hi'}",
        "RESPONSES        | {'store':true,'input':'hi'}",
        "RESPONSES        | {'store':false,'previous_response_id':'resp_1','input':'hi'}",
        "RESPONSES        | {'store':false,'conversation':'conv_1','input':'hi'}",
        "RESPONSES        | {'store':false,'background':true,'input':'hi'}",
        "RESPONSES        | {'store':false,'prompt':{'id':'pmpt_1','version':'2'}}",
        "RESPONSES        | {'store':false,'input':[{'role':'user','content':[{'type':'input_file','file_id':'file-abc'}]}]}",
        "RESPONSES        | {'store':false,'input':[{'role':'user','content':[{'type':'input_image','file_id':'file-abc'}]}]}",
        "RESPONSES        | {'store':false,'input':[{'type':'item_reference','id':'msg_1'}]}",
        "RESPONSES        | {'store':false,'input':'hi','tools':[{'type':'file_search','vector_store_ids':['vs_1']}]}",
        "MESSAGES         | {'messages':[{'role':'user','content':[{'type':'document','source':{'type':'file','file_id':'file_1'}}]}]}",
        "MESSAGES         | {'messages':[{'role':'user','content':[{'type':'image','source':{'type':'file','file_id':'file_1'}}]}]}",
        "MESSAGES         | {'messages':[{'role':'user','content':[{'type':'container_upload','file_id':'file_1'}]}]}",
        "MESSAGES         | {'container':'container_1','messages':[]}",
        "MESSAGES         | {'mcp_servers':[{'type':'url','url':'https://mcp.example.com','name':'x'}],'messages':[]}",
        "MESSAGES         | {'messages':[{'role':'user','content':[{'type':'image_file','image_file':{'file_id':'file_1'}}]}]}",
        "GENERATE_CONTENT | {'cachedContent':'cachedContents/abc','contents':[]}",
        "GENERATE_CONTENT | {'cached_content':'cachedContents/abc','contents':[]}",
        "GENERATE_CONTENT | {'contents':[{'role':'user','parts':[{'fileData':{'mimeType':'application/pdf','fileUri':'https://generativelanguage.googleapis.com/v1beta/files/abc'}}]}]}",
        "GENERATE_CONTENT | {'contents':[{'role':'user','parts':[{'file_data':{'mime_type':'video/mp4','file_uri':'files/abc'}}]}]}",
    })
    void aRequestThatNamesProviderStateIsNeverCached(Operation operation, String body) {
        RecognizedCall call = call(operation, body.replace('\'', '"'));

        assertTrue(CacheableRequest.of(call, "app").isEmpty(), body);
    }

    /** What looks like a reference but is not one keeps the request cacheable. */
    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "CHAT_COMPLETIONS | {'store':false,'messages':[]}",
        "CHAT_COMPLETIONS | {'messages':[{'role':'user','content':[{'type':'file','file':{'file_data':'data:application/pdf;base64,AAAA'}}]}]}",
        "CHAT_COMPLETIONS | {'messages':[],'tools':[{'type':'function','function':{'name':'f','parameters':{'properties':{'file_id':{'type':'string'}}}}}]}",
        "RESPONSES        | {'store':false,'input':'hi'}",
        "MESSAGES         | {'messages':[{'role':'user','content':[{'type':'image','source':{'type':'base64','media_type':'image/png','data':'AAAA'}}]}]}",
        "GENERATE_CONTENT | {'contents':[{'role':'user','parts':[{'inlineData':{'mimeType':'image/png','data':'AAAA'}}]}]}",
    })
    void aRequestThatOnlyLooksLikeOneIsStillCached(Operation operation, String body) {
        RecognizedCall call = call(operation, body.replace('\'', '"'));

        assertTrue(CacheableRequest.of(call, "app").isPresent(), body);
    }

    private static CacheKey keyOf(RecognizedCall call) {
        return cacheable(call).key();
    }

    private static CacheableRequest cacheable(RecognizedCall call) {
        return CacheableRequest.of(call, IDS.of(call.request())).orElseThrow();
    }

    static RecognizedCall call(String body) {
        return call(body, "Bearer sk-app-secret");
    }

    private static RecognizedCall call(String body, String authorizationOrUrl) {
        boolean url = authorizationOrUrl.startsWith("http");
        return call(Operation.CHAT_COMPLETIONS, body, url ? "Bearer sk-app-secret" : authorizationOrUrl,
                url ? authorizationOrUrl : "http://127.0.0.1:9001/v1/chat/completions");
    }

    private static RecognizedCall call(Operation operation, String body) {
        return call(operation, body, "Bearer sk-app-secret", "http://127.0.0.1:9001/v1/chat/completions");
    }

    private static RecognizedCall call(Operation operation, String body, String authorization, String url) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        Provider openai = new Provider("primary", URI.create("http://127.0.0.1:9001/v1"), Protocol.OPENAI, List.of(),
                Map.of());
        LlmRequest request = new LlmRequest("POST", URI.create(url),
                HttpHeaders.builder().add("Authorization", authorization).build(), bytes);
        return new RecognizedCall(request, openai, new SourceRequest(operation, "gpt-4o", false, null, bytes));
    }
}
