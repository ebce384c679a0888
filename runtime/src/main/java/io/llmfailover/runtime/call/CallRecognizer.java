package io.llmfailover.runtime.call;

import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.protocol.JsonMembers;
import io.llmfailover.runtime.protocol.JsonModelField;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.VertexPaths;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a generation call (chat completions, responses, messages, generateContent, embeddings,
 * Vertex AI's generateContent and rawPredict, Bedrock's Converse and Claude's InvokeModel) from every
 * other request to a provider's host, which passes through untouched.
 */
public final class CallRecognizer {

    private static final String MODELS_SEGMENT = "/models/";
    private static final String GENERATE = ":generateContent";
    private static final String STREAM_GENERATE = ":streamGenerateContent";
    private static final Pattern BEDROCK_PATH =
            Pattern.compile(".*/model/([^/]+)/(converse|converse-stream|invoke|invoke-with-response-stream)");

    private CallRecognizer() {}

    /**
     * The governed operation that {@code method} and {@code rawPath} name in {@code protocol}, or
     * null for any other request: decided before a body byte is read, so that uploads, batch files
     * and model lists are never buffered.
     */
    public static Operation operationOf(Protocol protocol, String method, String rawPath) {
        if (!"POST".equalsIgnoreCase(method) || rawPath == null) {
            return null;
        }
        return switch (protocol) {
            case OPENAI -> rawPath.endsWith("/chat/completions") ? Operation.CHAT_COMPLETIONS
                    : rawPath.endsWith("/responses") ? Operation.RESPONSES
                    : rawPath.endsWith("/embeddings") ? Operation.EMBEDDINGS
                    : null;
            case ANTHROPIC -> rawPath.endsWith("/messages") ? Operation.MESSAGES : null;
            case GEMINI -> geminiVerb(rawPath) != null ? Operation.GENERATE_CONTENT : null;
            case VERTEX_GEMINI, VERTEX_ANTHROPIC -> VertexPaths.operationOf(protocol, rawPath);
            case BEDROCK, BEDROCK_ANTHROPIC -> bedrockOperation(protocol, rawPath);
        };
    }

    /** Whether {@code method} and {@code rawPath} name a governed operation in any protocol. */
    public static boolean looksLikeGeneration(String method, String rawPath) {
        for (Protocol protocol : Protocol.values()) {
            if (operationOf(protocol, method, rawPath) != null) {
                return true;
            }
        }
        return false;
    }

    public static Optional<RecognizedCall> recognize(Provider addressed, LlmRequest request) {
        String path = request.uri().getRawPath();
        Operation operation = operationOf(addressed.protocol(), request.method(), path);
        if (operation == null) {
            return Optional.empty();
        }
        Optional<SourceRequest> source = switch (addressed.protocol()) {
            case OPENAI -> openAi(operation, path, request);
            case ANTHROPIC -> jsonCall(operation, request);
            case GEMINI -> gemini(path, request);
            case VERTEX_GEMINI, VERTEX_ANTHROPIC -> vertex(operation, addressed.protocol(), path, request);
            case BEDROCK, BEDROCK_ANTHROPIC -> bedrock(operation, path, request);
        };
        return source.map(call -> new RecognizedCall(request, addressed, call));
    }

    private static Optional<SourceRequest> openAi(Operation operation, String path, LlmRequest request) {
        Optional<SourceRequest> call = jsonCall(operation, request);
        // Azure names the model in the path: /openai/deployments/{deployment}/chat/completions
        return call.map(source -> source.model() != null ? source : withModel(source, azureDeployment(path)));
    }

    private static Optional<SourceRequest> jsonCall(Operation operation, LlmRequest request) {
        JsonModelField.ModelAndStream fields = JsonModelField.read(request.body());
        return Optional.of(new SourceRequest(operation, fields.model(), fields.stream(), null, request.body()));
    }

    /** {@code :generateContent} or {@code :streamGenerateContent} after a {@code /models/} segment, else null. */
    private static String geminiVerb(String path) {
        int models = path.lastIndexOf(MODELS_SEGMENT);
        int colon = path.lastIndexOf(':');
        if (models < 0 || colon < models) {
            return null;
        }
        String verb = path.substring(colon);
        return verb.equals(STREAM_GENERATE) || verb.equals(GENERATE) ? verb : null;
    }

    private static Optional<SourceRequest> gemini(String path, LlmRequest request) {
        int models = path.lastIndexOf(MODELS_SEGMENT);
        int colon = path.lastIndexOf(':');
        boolean stream = geminiVerb(path).equals(STREAM_GENERATE);
        String model = path.substring(models + MODELS_SEGMENT.length(), colon);
        String query = CredentialQuery.strip(request.uri().getRawQuery());
        return Optional.of(new SourceRequest(Operation.GENERATE_CONTENT, model, stream, query, request.body()));
    }

    /** Vertex AI names the model in the path; Claude's body says whether it streams, as Anthropic's does. */
    private static Optional<SourceRequest> vertex(Operation operation, Protocol protocol, String path, LlmRequest request) {
        JsonModelField.ModelAndStream call = VertexPaths.parse(protocol, path);
        if (operation == Operation.GENERATE_CONTENT) {
            String query = CredentialQuery.strip(request.uri().getRawQuery());
            return Optional.of(new SourceRequest(operation, call.model(), call.stream(), query, request.body()));
        }
        boolean stream = call.stream() || JsonModelField.read(request.body()).stream();
        return Optional.of(new SourceRequest(operation, call.model(), stream, null, request.body()));
    }

    /**
     * Converse ({@code /model/{modelId}/converse} or {@code /converse-stream}) on a {@code bedrock}
     * provider, and on either Bedrock protocol Claude's InvokeModel ({@code /invoke} or
     * {@code /invoke-with-response-stream}), which carries an Anthropic Messages body; null for any other path.
     */
    private static Operation bedrockOperation(Protocol protocol, String path) {
        Matcher call = BEDROCK_PATH.matcher(path);
        if (!call.matches() || bedrockModel(call) == null) {
            return null;
        }
        if (call.group(2).startsWith("invoke")) {
            return Operation.MESSAGES;
        }
        return protocol == Protocol.BEDROCK ? Operation.CONVERSE : null;
    }

    /**
     * The path's model id (at the end of the path: an endpoint may have a prefix), its percent-escapes
     * decoded, as the AWS SDK escapes an id's {@code :} and an ARN's {@code /}; null when no path can hold it.
     */
    private static String bedrockModel(Matcher call) {
        return OperationPaths.modelOfSegment(call.group(1));
    }

    /**
     * The model is in the path, and whether it streams is the verb's: InvokeModel's body says neither.
     * An InvokeModel body without {@code anthropic_version} is another publisher's model (Llama, Titan,
     * their embeddings), which passes through.
     */
    private static Optional<SourceRequest> bedrock(Operation operation, String path, LlmRequest request) {
        if (operation == Operation.MESSAGES && !namesAnthropicVersion(request.body())) {
            return Optional.empty();
        }
        Matcher call = BEDROCK_PATH.matcher(path);
        call.matches();
        boolean stream = call.group(2).endsWith("-stream");
        return Optional.of(new SourceRequest(operation, bedrockModel(call), stream, null, request.body()));
    }

    private static boolean namesAnthropicVersion(byte[] body) {
        JsonMembers members = JsonMembers.of(body);
        while (members.next()) {
            if (members.nameIs("anthropic_version")) {
                return members.stringValue() != null;
            }
        }
        return false;
    }

    private static String azureDeployment(String path) {
        String marker = "/deployments/";
        int start = path.indexOf(marker);
        if (start < 0) {
            return null;
        }
        int end = path.indexOf('/', start + marker.length());
        return end < 0 ? null : path.substring(start + marker.length(), end);
    }

    private static SourceRequest withModel(SourceRequest source, String model) {
        return new SourceRequest(source.operation(), model, source.stream(), source.query(), source.body());
    }

}
