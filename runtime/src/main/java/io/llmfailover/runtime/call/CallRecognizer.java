package io.llmfailover.runtime.call;

import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.protocol.JsonModelField;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.provider.Provider;
import java.util.Optional;

/**
 * Tells a generation call (chat completions, responses, messages, generateContent, embeddings)
 * from every other request to a provider's host, which passes through untouched.
 */
public final class CallRecognizer {

    private static final String MODELS_SEGMENT = "/models/";
    private static final String GENERATE = ":generateContent";
    private static final String STREAM_GENERATE = ":streamGenerateContent";

    private CallRecognizer() {}

    public static Optional<GovernedCall> recognize(Provider addressed, LlmRequest request) {
        if (!"POST".equalsIgnoreCase(request.method())) {
            return Optional.empty();
        }
        String path = request.uri().getRawPath();
        if (path == null) {
            return Optional.empty();
        }
        return switch (addressed.protocol()) {
            case OPENAI -> openAi(path, request).map(source -> new GovernedCall(request, addressed, source));
            case ANTHROPIC -> jsonCall(path.endsWith("/messages") ? Operation.MESSAGES : null, request)
                    .map(source -> new GovernedCall(request, addressed, source));
            case GEMINI -> gemini(path, request).map(source -> new GovernedCall(request, addressed, source));
        };
    }

    private static Optional<SourceRequest> openAi(String path, LlmRequest request) {
        Operation operation = null;
        if (path.endsWith("/chat/completions")) {
            operation = Operation.CHAT_COMPLETIONS;
        } else if (path.endsWith("/responses")) {
            operation = Operation.RESPONSES;
        } else if (path.endsWith("/embeddings")) {
            operation = Operation.EMBEDDINGS;
        }
        Optional<SourceRequest> call = jsonCall(operation, request);
        // Azure names the model in the path: /openai/deployments/{deployment}/chat/completions
        return call.map(source -> source.model() != null ? source : withModel(source, azureDeployment(path)));
    }

    private static Optional<SourceRequest> jsonCall(Operation operation, LlmRequest request) {
        if (operation == null) {
            return Optional.empty();
        }
        JsonModelField.ModelAndStream fields = JsonModelField.read(request.body());
        return Optional.of(new SourceRequest(operation, fields.model(), fields.stream(), null, request.body()));
    }

    private static Optional<SourceRequest> gemini(String path, LlmRequest request) {
        int models = path.lastIndexOf(MODELS_SEGMENT);
        int colon = path.lastIndexOf(':');
        if (models < 0 || colon < models) {
            return Optional.empty();
        }
        String verb = path.substring(colon);
        boolean stream = verb.equals(STREAM_GENERATE);
        if (!stream && !verb.equals(GENERATE)) {
            return Optional.empty();
        }
        String model = path.substring(models + MODELS_SEGMENT.length(), colon);
        String query = CredentialQuery.strip(request.uri().getRawQuery());
        return Optional.of(new SourceRequest(Operation.GENERATE_CONTENT, model, stream, query, request.body()));
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
