package io.llmfailover.runtime.walk;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.call.CallRecognizer;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.keys.Credentials;
import io.llmfailover.runtime.keys.KeyLease;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.CloudIdentity;
import io.llmfailover.runtime.provider.KeyHeader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.resilience.throttle.Throttle;
import io.llmfailover.runtime.time.ManualClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AttemptPlannerTest {

    private static final Provider OPENAI = provider("openai", "https://api.openai.com/v1", Protocol.OPENAI, List.of(), Map.of());
    private final AttemptPlanner planner = new AttemptPlanner(4096);
    private final KeyLease appKey = new KeyLease(null, "app", new Throttle("t", ThrottleSettings.DEFAULTS, new ManualClock()));
    private final KeyLease ownKey = new KeyLease("sk-own", "key#0", new Throttle("t", ThrottleSettings.DEFAULTS, new ManualClock()));

    // M8 (a): embeddings

    @Test
    @DisplayName("M8a: embeddings never go to a fallback that remaps the model: its vectors would be silently wrong")
    void M8a_embeddingsAreNotFailedOverToAnotherModel() {
        RecognizedCall call = call(OPENAI, "/v1/embeddings", "{\"model\":\"text-embedding-3-small\",\"input\":\"hi\"}");
        Provider remapping = provider("other", "https://api.other.ai/v1", Protocol.OPENAI, List.of("k"),
                Map.of("*", "other-embed"));

        assertThrows(UntranslatableRequestException.class,
                () -> planner.plan(call, remapping, remapping.mapModel("text-embedding-3-small"), ownKey));
    }

    @Test
    @DisplayName("M8a: embeddings go to a same-protocol fallback serving the very model asked for")
    void M8a_embeddingsFailOverToTheSameModelOnTheSameProtocol() throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/embeddings", "{\"model\":\"text-embedding-3-small\",\"input\":\"hi\"}");
        Provider sameModel = provider("azure", "https://res.openai.azure.com/openai/v1", Protocol.OPENAI, List.of("k"),
                Map.of());

        Attempt attempt = planner.plan(call, sameModel, sameModel.mapModel("text-embedding-3-small"), ownKey);

        assertEquals(URI.create("https://res.openai.azure.com/openai/v1/embeddings"), attempt.request().uri());
    }

    @Test
    @DisplayName("M8a: embeddings never go to a provider of another protocol, even with the same model name")
    void M8a_embeddingsAreNotFailedOverAcrossProtocols() {
        RecognizedCall call = call(OPENAI, "/v1/embeddings", "{\"model\":\"embed\",\"input\":\"hi\"}");
        Provider claude = provider("claude", "https://api.anthropic.com/v1", Protocol.ANTHROPIC, List.of("k"), Map.of());

        assertThrows(UntranslatableRequestException.class, () -> planner.plan(call, claude, "embed", ownKey));
    }

    // M8 (b): stateful Responses calls

    @ParameterizedTest(name = "M8b: {0} stays on the provider addressed")
    @ValueSource(strings = {
        "{\"model\":\"gpt-4o\",\"input\":\"hi\",\"previous_response_id\":\"resp_1\"}",
        "{\"model\":\"gpt-4o\",\"input\":\"hi\",\"background\":true}",
        "{\"model\":\"gpt-4o\",\"input\":\"hi\",\"store\":true}",
        "{\"model\":\"gpt-4o\",\"input\":\"hi\",\"conversation\":\"conv_1\"}",
    })
    void M8b_statefulResponsesCallsNeverLeaveTheProviderAddressed(String body) throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/responses", body);
        Provider sameProtocol = provider("other", "https://api.other.ai/v1", Protocol.OPENAI, List.of("k"), Map.of());
        Provider addressedWithOwnKey = provider("openai", "https://api.openai.com/v1", Protocol.OPENAI, List.of("k"),
                Map.of());

        assertThrows(UntranslatableRequestException.class, () -> planner.plan(call, sameProtocol, "gpt-4o", ownKey));
        Attempt own = planner.plan(call(addressedWithOwnKey, "/v1/responses", body), addressedWithOwnKey, "gpt-4o", ownKey);
        assertEquals("/v1/responses", own.request().uri().getPath());
    }

    @Test
    @DisplayName("M8b: a stateless Responses call still fails over to another provider of the same protocol")
    void M8b_statelessResponsesCallsFailOver() throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/responses", "{\"model\":\"gpt-4o\",\"input\":\"hi\",\"store\":false}");
        Provider sameProtocol = provider("other", "https://api.other.ai/v1", Protocol.OPENAI, List.of("k"), Map.of());

        Attempt attempt = planner.plan(call, sameProtocol, "gpt-4o", ownKey);

        assertEquals("/v1/responses", attempt.request().uri().getPath());
    }

    // M3: models in Gemini paths

    @ParameterizedTest(name = "M3: model [{0}] never reaches a Gemini path")
    @ValueSource(strings = {"../../files", "x/../../y", "a?key=1", "a#b", "a%2F..", "a b", "a\tb", "a\nb", "..",
        "gemini:countTokens", ""})
    void M3_aModelNameCannotReachAnotherGeminiEndpoint(String model) {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions",
                "{\"model\":" + json(model) + ",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Provider gemini = provider("gemini", "https://generativelanguage.googleapis.com/v1beta", Protocol.GEMINI,
                List.of("AIza-own"), Map.of());

        assertThrows(UntranslatableRequestException.class, () -> planner.plan(call, gemini, model, ownKey));
    }

    @Test
    @DisplayName("M3: a plain model name goes into the Gemini path as one segment")
    void M3_aPlainModelNameFormsTheGeminiPath() throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions",
                "{\"model\":\"gemini-2.5-flash\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Provider gemini = provider("gemini", "https://generativelanguage.googleapis.com/v1beta", Protocol.GEMINI,
                List.of("AIza-own"), Map.of());

        Attempt attempt = planner.plan(call, gemini, "gemini-2.5-flash", ownKey);

        assertEquals("/v1beta/models/gemini-2.5-flash:generateContent", attempt.request().uri().getPath());
    }

    // Credentials: an allowlist for other providers, origins compared with scheme and port

    @Test
    @DisplayName("Security: a fallback gets only the app's headers known safe, never gateway or proxy credentials")
    void aFallbackGetsOnlyTheAppsSafeHeaders() throws Exception {
        HttpHeaders appHeaders = HttpHeaders.builder()
                .add("Authorization", "Bearer sk-app").add("Proxy-Authorization", "Basic cHJveHk=")
                .add("Helicone-Auth", "Bearer sk-helicone").add("cf-aig-authorization", "Bearer cf")
                .add("Ocp-Apim-Subscription-Key", "apim").add("X-Tenant-Secret", "t").add("Cookie", "s=1")
                .add("OpenAI-Organization", "org-app").add("Content-Type", "application/json")
                .add("Accept", "text/event-stream").add("User-Agent", "OpenAI/Java 1.0")
                .add("X-Stainless-Lang", "java").add("OpenAI-Beta", "assistants=v2").add("traceparent", "00-ab-cd-01")
                .build();
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", appHeaders,
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Provider backup = provider("backup", "https://api.backup.ai/v1", Protocol.OPENAI, List.of("sk-backup"), Map.of());

        HttpHeaders sent = planner.plan(call, backup, "gpt-4o", ownKey).request().headers();

        assertEquals(List.of("Bearer sk-own"), sent.all("authorization"));
        for (String dropped : List.of("proxy-authorization", "helicone-auth", "cf-aig-authorization",
                "ocp-apim-subscription-key", "x-tenant-secret", "cookie", "openai-organization")) {
            assertFalse(sent.contains(dropped), dropped);
        }
        for (String kept : List.of("content-type", "accept", "user-agent", "x-stainless-lang", "openai-beta", "traceparent")) {
            assertTrue(sent.contains(kept), kept);
        }
    }

    @Test
    @DisplayName("Security: a fallback of another protocol gets none of the app's protocol headers")
    void aCrossProtocolFallbackGetsNoneOfTheAppsProtocolHeaders() throws Exception {
        HttpHeaders appHeaders = HttpHeaders.builder().add("X-Stainless-Lang", "java").add("OpenAI-Beta", "x")
                .add("Accept-Encoding", "gzip").add("Content-Type", "application/json").build();
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", appHeaders,
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Provider claude = provider("claude", "https://api.anthropic.com/v1", Protocol.ANTHROPIC, List.of("k"), Map.of());

        HttpHeaders sent = planner.plan(call, claude, "claude-sonnet-4-5", ownKey).request().headers();

        assertFalse(sent.contains("x-stainless-lang"));
        assertFalse(sent.contains("openai-beta"));
        assertFalse(sent.contains("accept-encoding"));
        assertEquals(List.of("sk-own"), sent.all("x-api-key"));
    }

    @ParameterizedTest(name = "Security: the app's credential for {0} does not go to https://api.example.com")
    @ValueSource(strings = {"http://api.example.com/v1/chat/completions", "https://api.example.com:8443/v1/chat/completions"})
    void theAppsCredentialGoesOnlyToTheOriginItAddressed(String appUrl) throws Exception {
        Provider addressed = provider("example", "https://api.example.com/v1", Protocol.OPENAI, List.of(),
                Map.of("*", "mapped"));
        HttpHeaders appHeaders = HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("X-Custom", "c").build();
        LlmRequest request = new LlmRequest("POST", URI.create(appUrl), appHeaders,
                "{\"model\":\"gpt-4o\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8));
        RecognizedCall call = CallRecognizer.recognize(addressed, request).orElseThrow();

        HttpHeaders sent = planner.plan(call, addressed, "mapped", appKey).request().headers();

        assertFalse(sent.contains("authorization"), "another scheme or port is another origin");
        assertFalse(sent.contains("x-custom"));
    }

    @Test
    void theAppsHeadersGoWholeToTheOriginItAddressed() throws Exception {
        HttpHeaders appHeaders = HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("X-Custom", "c").build();
        Provider addressed = provider("openai", "https://api.openai.com/v1", Protocol.OPENAI, List.of(),
                Map.of("*", "mapped"));
        RecognizedCall call = call(addressed, "/v1/chat/completions", appHeaders, "{\"model\":\"gpt-4o\",\"messages\":[]}");

        HttpHeaders sent = planner.plan(call, addressed, "mapped", appKey).request().headers();

        assertEquals(List.of("Bearer sk-app"), sent.all("authorization"));
        assertEquals(List.of("c"), sent.all("x-custom"));
    }

    @Test
    @DisplayName("Azure: a resource addressed on loopback by its deployment path keeps its path and gets its own key in api-key")
    void anAzureResourceBehindAnotherNameGetsItsKeyInApiKey() throws Exception {
        Provider azure = new Provider("azure", URI.create("http://127.0.0.1:8080/openai"), Protocol.OPENAI,
                List.of("az-own"), Map.of(), KeyHeader.API_KEY);
        HttpHeaders appHeaders = HttpHeaders.builder().add("api-key", "az-app").add("Content-Type", "application/json").build();
        RecognizedCall call = call(azure, "/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21", appHeaders,
                "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");

        Attempt attempt = planner.plan(call, azure, "gpt-4o", ownKey);

        assertEquals("gpt-4o", call.source().model(), "the model is the deployment named in the path");
        assertEquals(List.of("sk-own"), attempt.request().headers().all("api-key"));
        assertFalse(attempt.request().headers().contains("authorization"));
    }

    @Test
    @DisplayName("Azure: a fallback resource on loopback with auth = api-key never gets a bearer token")
    void anAzureFallbackOnLoopbackGetsItsKeyInApiKey() throws Exception {
        Provider azure = new Provider("azure", URI.create("http://127.0.0.1:8080/openai/v1"), Protocol.OPENAI,
                List.of("az-own"), Map.of(), KeyHeader.API_KEY);
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", "{\"model\":\"gpt-4o\",\"messages\":[]}");

        LlmRequest sent = planner.plan(call, azure, "gpt-4o", ownKey).request();

        assertEquals(URI.create("http://127.0.0.1:8080/openai/v1/chat/completions"), sent.uri());
        assertEquals(List.of("sk-own"), sent.headers().all("api-key"));
        assertFalse(sent.headers().contains("authorization"), "the app's bearer token stays with the app's provider");
    }

    // idempotency-key: it names the app's one request

    @Test
    @DisplayName("Idempotency: the app's own request keeps its idempotency-key, with the app's key or the provider's own")
    void theAppsOwnRequestKeepsItsIdempotencyKey() throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", withIdempotencyKey(),
                "{\"model\":\"gpt-4o\",\"messages\":[]}");
        Provider addressedWithOwnKey = provider("openai", "https://api.openai.com/v1", Protocol.OPENAI, List.of("k"),
                Map.of());

        assertEquals(List.of("idem-123"), planner.plan(call, OPENAI, "gpt-4o", appKey).request().headers()
                .all("idempotency-key"));
        assertEquals(List.of("idem-123"), planner.plan(call(addressedWithOwnKey, "/v1/chat/completions", withIdempotencyKey(),
                "{\"model\":\"gpt-4o\",\"messages\":[]}"), addressedWithOwnKey, "gpt-4o", ownKey).request().headers()
                .all("idempotency-key"));
    }

    @ParameterizedTest(name = "Idempotency: no idempotency-key for {0}")
    @ValueSource(strings = {"another provider", "another provider of another protocol", "another model of the same provider"})
    void anotherStepIsAnotherRequestAndNeverCarriesTheAppsIdempotencyKey(String step) throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", withIdempotencyKey(),
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Attempt attempt = switch (step) {
            case "another provider" -> planner.plan(call,
                    provider("backup", "https://api.backup.ai/v1", Protocol.OPENAI, List.of("sk-backup"), Map.of()), "gpt-4o",
                    ownKey);
            case "another provider of another protocol" -> planner.plan(call,
                    provider("claude", "https://api.anthropic.com/v1", Protocol.ANTHROPIC, List.of("k"), Map.of()),
                    "claude-sonnet-4-5", ownKey);
            default -> planner.plan(call, OPENAI, "gpt-4o-mini", appKey);
        };

        assertFalse(attempt.request().headers().contains("idempotency-key"), step);
    }

    // Cloud identities

    @Test
    void aCloudIdentityAuthorisesTheFinalRequestTranslatedAndRemodelledInPlaceOfTheAppsCredential() throws Exception {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions",
                "{\"model\":\"gpt-4o\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        Provider signed = new Provider("signed", URI.create("http://127.0.0.1:9/v1"), Protocol.ANTHROPIC, List.of(),
                Map.of("*", "claude-x"), KeyHeader.X_API_KEY, CloudIdentity.sigV4("us-east-1"));
        List<LlmRequest> authorised = new java.util.ArrayList<>();
        ProviderIdentity identity = new ProviderIdentity() {
            @Override
            public Map<String, String> credentialFor(LlmRequest request) {
                authorised.add(request);
                return Map.of("Authorization", "signature over " + request.body().length + " bytes");
            }

            @Override
            public String id() {
                return "cloud:test";
            }
        };

        Attempt attempt = planner.plan(call, signed, "claude-x", new KeyLease(null, identity.id(), appKey.throttle(), identity));

        assertEquals(1, authorised.size());
        LlmRequest sent = attempt.request();
        assertEquals(new String(authorised.get(0).body(), StandardCharsets.UTF_8), new String(sent.body(), StandardCharsets.UTF_8));
        assertTrue(new String(sent.body(), StandardCharsets.UTF_8).contains("\"claude-x\""), "the model rewritten before signing");
        assertEquals(List.of("signature over " + sent.body().length + " bytes"), sent.headers().all("authorization"));
        assertEquals(authorised.get(0).uri(), sent.uri());
    }

    @Test
    void aCloudIdentityWithoutCredentialsYetPassesTheStepOver() {
        RecognizedCall call = call(OPENAI, "/v1/chat/completions", "{\"model\":\"gpt-4o\",\"messages\":[]}");
        Provider signed = new Provider("signed", URI.create("http://127.0.0.1:9/v1"), Protocol.OPENAI, List.of(), Map.of(),
                KeyHeader.BEARER, CloudIdentity.google());
        ProviderIdentity none = new ProviderIdentity() {
            @Override
            public Map<String, String> credentialFor(LlmRequest request) throws IdentityUnavailableException {
                throw new IdentityUnavailableException("no token yet");
            }

            @Override
            public String id() {
                return "cloud:test";
            }
        };

        assertThrows(IdentityUnavailableException.class,
                () -> planner.plan(call, signed, "gpt-4o", new KeyLease(null, none.id(), appKey.throttle(), none)));
    }

    private static HttpHeaders withIdempotencyKey() {
        return HttpHeaders.builder().add("Authorization", "Bearer sk-app").add("Idempotency-Key", "idem-123")
                .add("Content-Type", "application/json").build();
    }

    private static RecognizedCall call(Provider addressed, String path, String body) {
        return call(addressed, path, HttpHeaders.builder().add("Authorization", "Bearer sk-app").build(), body);
    }

    private static RecognizedCall call(Provider addressed, String path, HttpHeaders headers, String body) {
        URI base = addressed.baseUrl();
        LlmRequest request = new LlmRequest("POST", URI.create(base.getScheme() + "://" + base.getAuthority() + path),
                headers, body.getBytes(StandardCharsets.UTF_8));
        return CallRecognizer.recognize(addressed, request).orElseThrow();
    }

    private static Provider provider(String name, String url, Protocol protocol, List<String> keys,
            Map<String, String> models) {
        return new Provider(name, URI.create(url), protocol, keys, models);
    }

    private static String json(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t") + "\"";
    }
}
