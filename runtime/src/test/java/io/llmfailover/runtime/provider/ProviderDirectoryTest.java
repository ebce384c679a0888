package io.llmfailover.runtime.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProviderDirectoryTest {

    private static Provider configured(String name, String baseUrl, Protocol protocol, String... keys) {
        return new Provider(name, URI.create(baseUrl), protocol, List.of(keys), Map.of());
    }

    /** Mock endpoints on loopback, one sharing a port under two base paths, and DeepSeek with a key. */
    private final ProviderDirectory directory = ProviderDirectory.of(List.of(
            configured("local", "http://127.0.0.1:8080/v1", Protocol.OPENAI),
            configured("local-claude", "http://127.0.0.1:8080/claude/v1", Protocol.ANTHROPIC),
            configured("mock-gemini", "http://localhost:9090/v1beta", Protocol.GEMINI),
            configured("my-deepseek", "https://api.deepseek.com/v1", Protocol.OPENAI, "sk-test")),
            WellKnownProviders.all());

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', nullValues = "none", value = {
        // configured, longest base path wins
        "http://127.0.0.1:8080/v1/chat/completions                                    | local",
        "http://127.0.0.1:8080/claude/v1/messages                                     | local-claude",
        "http://127.0.0.1:8080/health                                                 | none",
        "http://127.0.0.1:8081/v1/chat/completions                                    | none",
        "https://127.0.0.1:8080/v1/chat/completions                                   | none",
        "http://localhost:9090/v1beta/models/gemini-2.5-flash:generateContent         | mock-gemini",
        "http://LOCALHOST:9090/v1beta/models/x:streamGenerateContent?alt=sse          | mock-gemini",
        // loopback names match each other, whichever the config and the app wrote
        "http://127.0.0.1:9090/v1beta/models/gemini-2.5-flash:generateContent         | mock-gemini",
        "http://[::1]:9090/v1beta/models/gemini-2.5-flash:generateContent             | mock-gemini",
        "http://localhost:8080/v1/chat/completions                                    | local",
        "http://[::1]:8080/claude/v1/messages                                         | local-claude",
        "http://127.0.0.2:8080/v1/chat/completions                                    | none",
        // one loopback host, providers on two ports: a base path only counts on its own port
        "http://localhost:9090/v1/chat/completions                                    | none",
        "http://127.0.0.1:8080/v1beta/models/gemini-2.5-flash:generateContent         | none",
        // well-known, with default ports either way
        "https://api.openai.com/v1/chat/completions                                   | openai",
        "https://api.openai.com:443/v1/responses                                      | openai",
        "https://API.OPENAI.COM/v1/embeddings                                         | openai",
        "http://api.openai.com/v1/chat/completions                                    | none",
        "https://api.openai.com:8443/v1/chat/completions                              | none",
        "https://api.anthropic.com/v1/messages                                        | anthropic",
        "https://api.groq.com/openai/v1/chat/completions                              | groq",
        "https://openrouter.ai/api/v1/chat/completions                                | openrouter",
        "https://api.fireworks.ai/inference/v1/chat/completions                       | fireworks",
        "https://dashscope-intl.aliyuncs.com/compatible-mode/v1/chat/completions      | dashscope-intl",
        "https://open.bigmodel.cn/api/paas/v4/chat/completions                        | zhipu",
        "https://api.x.ai/v1/chat/completions                                         | x_ai",
        // one host, two protocols: the path prefix decides; no prefix, the host's primary entry
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent | gcp.gemini",
        "https://generativelanguage.googleapis.com/v1beta/openai/chat/completions     | gemini-openai",
        "https://generativelanguage.googleapis.com/v1/models/gemini-2.5-pro:generateContent | gcp.gemini",
        "https://api.moonshot.ai/anthropic/v1/messages                                | moonshot-anthropic",
        "https://api.moonshot.ai/v1/chat/completions                                  | moonshot",
        // a configured provider at a well-known place replaces it, also for paths outside its base
        "https://api.deepseek.com/v1/chat/completions                                 | my-deepseek",
        "https://api.deepseek.com/chat/completions                                    | my-deepseek",
        "https://api.deepseek.com/anthropic/v1/messages                               | deepseek-anthropic",
        // Azure: any resource host under the suffix
        "https://my-resource.openai.azure.com/openai/v1/chat/completions              | azure-openai:my-resource",
        "https://other.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21 | azure-openai:other",
        "https://openai.azure.com/openai/v1/chat/completions                          | none",
        "https://evil-openai.azure.com.example.org/openai/v1/chat/completions         | none",
        "https://bedrock-runtime.us-east-1.amazonaws.com/model/m%3A0/converse         | aws.bedrock:bedrock-runtime.us-east-1",
        "https://bedrock-runtime-fips.us-gov-west-1.amazonaws.com/model/m/converse    | aws.bedrock:bedrock-runtime-fips.us-gov-west-1",
        "https://bedrock.us-east-1.amazonaws.com/foundation-models                    | none",
        "https://bedrock-runtime.amazonaws.com/model/m/converse                       | none",
        "https://bedrock-runtime.a.b.amazonaws.com/model/m/converse                   | none",
        "https://s3.us-east-1.amazonaws.com/bucket/key                                | none",
        "https://example.com/v1/chat/completions                                      | none",
    })
    void findsTheProviderTheAppAddressed(String url, String expectedName) {
        Optional<Provider> addressed = directory.addressed(URI.create(url));
        assertEquals(Optional.ofNullable(expectedName), addressed.map(Provider::name), url);
    }

    @ParameterizedTest(name = "{0} governed: {1}")
    @CsvSource(delimiter = '|', value = {
        "http://127.0.0.1:8080/anything                     | true",
        "http://127.0.0.1:8081/v1/chat/completions          | false",
        "http://localhost:9090/v1beta/models                | true",
        "http://127.0.0.1:9090/v1beta/models                | true",
        "http://localhost:8080/v1/chat/completions          | true",
        "https://api.openai.com/v1/files                    | true",
        "https://api.openai.com:443/v1/chat/completions     | true",
        "https://Api.OpenAI.com/v1/chat/completions         | true",
        "http://api.openai.com/v1/chat/completions          | false",
        "https://api.anthropic.com/v1/messages              | true",
        "https://my-resource.openai.azure.com/openai/v1/x   | true",
        "https://my-resource.openai.azure.com:8443/openai/v1/x | false",
        "https://openai.azure.com/x                         | false",
        "https://example.com/v1/chat/completions            | false",
        "https://www.google.com/search                      | false",
    })
    void governsOnlyHostsAndPortsWhereAProviderLives(String url, boolean governed) {
        assertEquals(governed, directory.governs(URI.create(url)), url);
    }

    @Test
    void aConfiguredProviderAtAWellKnownPlaceKeepsItsNameAndKeys() {
        Provider addressed = directory.addressed(URI.create("https://api.deepseek.com/v1/chat/completions")).orElseThrow();

        assertEquals("my-deepseek", addressed.name());
        assertEquals(List.of("sk-test"), addressed.apiKeys());
        assertTrue(directory.byName("my-deepseek").isPresent());
        assertFalse(directory.byName("deepseek").isPresent(), "the replaced entry is not a second provider");
    }

    @Test
    void aWellKnownProviderNotConfiguredHasItsCatalogueNameAndNoKeys() {
        Provider openai = directory.byName("openai").orElseThrow();

        assertEquals(URI.create("https://api.openai.com/v1"), openai.baseUrl());
        assertEquals(Protocol.OPENAI, openai.protocol());
        assertFalse(openai.hasOwnKeys());
        assertEquals(Optional.of(openai), directory.addressed(URI.create("https://api.openai.com/v1/chat/completions")));
    }

    @Test
    void anAzureResourceIsAddressedOnItsOwnHost() {
        Provider azure = directory.addressed(URI.create("https://my-res.openai.azure.com/openai/v1/chat/completions"))
                .orElseThrow();

        assertEquals(URI.create("https://my-res.openai.azure.com/openai/v1"), azure.baseUrl());
        assertEquals(Protocol.OPENAI, azure.protocol());
        assertFalse(directory.byName("azure-openai").isPresent(), "no single host to name");
    }

    @Test
    @DisplayName("M4a: each Azure resource host is a provider of its own, so its breaker and throttle are its own")
    void M4a_eachAzureResourceIsAProviderOfItsOwn() {
        Provider first = directory.addressed(URI.create("https://res-a.openai.azure.com/openai/v1/chat/completions"))
                .orElseThrow();
        Provider again = directory.addressed(URI.create("https://res-a.openai.azure.com/openai/v1/embeddings"))
                .orElseThrow();
        Provider second = directory.addressed(URI.create("https://res-b.openai.azure.com/openai/v1/chat/completions"))
                .orElseThrow();

        assertEquals("azure-openai:res-a", first.name());
        assertEquals(first, again);
        assertEquals("azure-openai:res-b", second.name());
    }

    @Test
    void azureResourcesBeyondTheCapShareOneName() {
        ProviderDirectory fresh = ProviderDirectory.of(List.of(), WellKnownProviders.all());
        for (int i = 0; i < ProviderDirectory.MAX_SUFFIX_HOSTS; i++) {
            fresh.addressed(URI.create("https://res-" + i + ".openai.azure.com/openai/v1/chat/completions"));
        }

        Provider late = fresh.addressed(URI.create("https://late.openai.azure.com/openai/v1/chat/completions")).orElseThrow();

        assertEquals("azure-openai:" + ProviderDirectory.OTHER_HOSTS, late.name());
        assertEquals(URI.create("https://late.openai.azure.com/openai/v1"), late.baseUrl());
    }

    @Test
    void byNameFindsConfiguredProvidersFirstThenWellKnownOnes() {
        assertEquals("local", directory.byName("local").orElseThrow().name());
        assertEquals(Protocol.ANTHROPIC, directory.byName("anthropic").orElseThrow().protocol());
        assertEquals(Protocol.GEMINI, directory.byName("gcp.gemini").orElseThrow().protocol());
        assertFalse(directory.byName("nobody").isPresent());
    }

    @Test
    void aConfiguredProviderNamedLikeAWellKnownOneHidesTheCatalogueEntry() {
        ProviderDirectory withMockOpenAi = ProviderDirectory.of(
                List.of(configured("openai", "http://127.0.0.1:8080/v1", Protocol.OPENAI, "sk-test")),
                WellKnownProviders.all());

        assertEquals(URI.create("http://127.0.0.1:8080/v1"), withMockOpenAi.byName("openai").orElseThrow().baseUrl());
        assertFalse(withMockOpenAi.addressed(URI.create("https://api.openai.com/v1/chat/completions")).isPresent());
        assertFalse(withMockOpenAi.governs(URI.create("https://api.openai.com/v1/chat/completions")));
        assertTrue(withMockOpenAi.governs(URI.create("https://api.anthropic.com/v1/messages")));
    }

    @Test
    void aConfiguredProviderAtTheWellKnownPlaceUnderTheSameNameReplacesIt() {
        ProviderDirectory withRealOpenAi = ProviderDirectory.of(
                List.of(configured("openai", "https://api.openai.com:443/v1", Protocol.OPENAI, "sk-test")),
                WellKnownProviders.all());

        Provider addressed = withRealOpenAi.addressed(URI.create("https://api.openai.com/v1/chat/completions")).orElseThrow();
        assertEquals(List.of("sk-test"), addressed.apiKeys());
        assertEquals(addressed, withRealOpenAi.byName("openai").orElseThrow());
    }

    @Test
    void withoutTheCatalogueOnlyConfiguredProvidersAreGoverned() {
        ProviderDirectory configuredOnly = ProviderDirectory.of(
                List.of(configured("local", "http://127.0.0.1:8080/v1", Protocol.OPENAI)), List.of());

        assertTrue(configuredOnly.governs(URI.create("http://127.0.0.1:8080/v1/chat/completions")));
        assertFalse(configuredOnly.governs(URI.create("https://api.openai.com/v1/chat/completions")));
    }

    @Test
    void aUriWithoutAHostIsNeitherGovernedNorAddressed() {
        URI relative = URI.create("/v1/chat/completions");

        assertFalse(directory.governs(relative));
        assertFalse(directory.addressed(relative).isPresent());
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "/publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict | vertex-claude",
        "/publishers/google/models/gemini-2.5-flash:generateContent             | vertex-gemini",
    })
    void onVertexTheSameBaseUrlServesEachPublishersProvider(String path, String expected) {
        String base = "https://us-east5-aiplatform.googleapis.com/v1/projects/p/locations/us-east5";
        for (List<Provider> order : List.of(
                List.of(configured("vertex-claude", base, Protocol.VERTEX_ANTHROPIC), configured("vertex-gemini", base, Protocol.VERTEX_GEMINI)),
                List.of(configured("vertex-gemini", base, Protocol.VERTEX_GEMINI), configured("vertex-claude", base, Protocol.VERTEX_ANTHROPIC)))) {
            ProviderDirectory vertex = ProviderDirectory.of(order, List.of());

            assertEquals(expected, vertex.addressed(URI.create(base + path)).orElseThrow().name());
        }
    }
}
