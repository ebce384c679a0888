package io.llmfailover.runtime.provider;

import java.util.Locale;
import java.util.Optional;

/** The wire protocols a provider can speak, with the conventions that differ between them. */
public enum Protocol {
    OPENAI("openai", "/v1"),
    ANTHROPIC("anthropic", "/v1"),
    GEMINI("gemini", "/v1beta"),
    /** Gemini on Google Vertex AI: Gemini bodies, the model under {@code /publishers/google/models/}. */
    VERTEX_GEMINI("vertex-gemini", "/v1", GEMINI, "google"),
    /** Claude on Google Vertex AI: Anthropic bodies, the model under {@code /publishers/anthropic/models/}. */
    VERTEX_ANTHROPIC("vertex-anthropic", "/v1", ANTHROPIC, "anthropic"),
    /** AWS Bedrock Runtime's Converse API: its paths start at the host, with no version. */
    BEDROCK("bedrock", ""),
    /**
     * Claude through AWS Bedrock Runtime's InvokeModel: Anthropic bodies, the model in the path
     * ({@code /model/<model>/invoke}), a stream in the AWS event stream; what the Anthropic SDK's
     * Bedrock backend sends.
     */
    BEDROCK_ANTHROPIC("bedrock-anthropic", "", ANTHROPIC);

    private final String configName;
    private final String defaultVersionPath;
    private final Protocol wire;
    private final String publisher;
    private final String publisherModels;

    Protocol(String configName, String defaultVersionPath) {
        this.configName = configName;
        this.defaultVersionPath = defaultVersionPath;
        this.wire = this;
        this.publisher = null;
        this.publisherModels = null;
    }

    Protocol(String configName, String defaultVersionPath, Protocol wire) {
        this.configName = configName;
        this.defaultVersionPath = defaultVersionPath;
        this.wire = wire;
        this.publisher = null;
        this.publisherModels = null;
    }

    Protocol(String configName, String defaultVersionPath, Protocol wire, String publisher) {
        this.configName = configName;
        this.defaultVersionPath = defaultVersionPath;
        this.wire = wire;
        this.publisher = publisher;
        this.publisherModels = "/publishers/" + publisher + "/models/";
    }

    /** The value of {@code provider.<name>.protocol} that selects this protocol. */
    public String configName() {
        return configName;
    }

    /** The path a base URL gets when it was given with no path at all. */
    public String defaultVersionPath() {
        return defaultVersionPath;
    }

    /**
     * The protocol whose request and response bodies this one carries: itself, or for a model
     * served on a cloud platform, its publisher's protocol (Vertex AI's Claude speaks Anthropic).
     */
    public Protocol wire() {
        return wire;
    }

    /** The Vertex AI publisher whose models this protocol reaches ({@code google}, {@code anthropic}), or null off Vertex. */
    public String vertexPublisher() {
        return publisher;
    }

    /** {@code /publishers/<publisher>/models/}, the path segment before a Vertex AI model, or null off Vertex. */
    public String vertexModelsPath() {
        return publisherModels;
    }

    /** Whether this protocol is served by AWS Bedrock Runtime: its hosts, its SigV4 signature, its event stream. */
    public boolean onBedrock() {
        return this == BEDROCK || this == BEDROCK_ANTHROPIC;
    }

    public static Optional<Protocol> fromConfigName(String value) {
        String wanted = value.trim().toLowerCase(Locale.ROOT);
        for (Protocol protocol : values()) {
            if (protocol.configName.equals(wanted)) {
                return Optional.of(protocol);
            }
        }
        return Optional.empty();
    }
}
