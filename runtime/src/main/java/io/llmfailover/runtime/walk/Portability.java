package io.llmfailover.runtime.walk;

import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.openai.ResponsesState;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.provider.Provider;
import java.util.Objects;

/**
 * Whether a call may be sent to a chain step at all, whatever the translation could do:
 * <ul>
 *   <li>embeddings only to a provider of the same protocol that serves the very model asked for:
 *       vectors of another model live in another space, silently wrong for the app's index;
 *   <li>a Responses call that leans on stored state ({@link ResponsesState}) only to the provider
 *       addressed, where that state lives;
 *   <li>a model that goes into the URL path only when it fits in one path segment.
 * </ul>
 * A refused step is skipped as untranslatable.
 */
final class Portability {

    private Portability() {}

    static void check(RecognizedCall call, Provider target, String targetModel) throws UntranslatableRequestException {
        Operation operation = call.source().operation();
        if (!target.equals(call.addressed())) {
            switch (operation) {
                case EMBEDDINGS -> checkEmbeddings(call, target, targetModel);
                case RESPONSES -> checkStateless(call);
                default -> { }
            }
        }
        checkPath(target, targetModel, call);
    }

    private static void checkEmbeddings(RecognizedCall call, Provider target, String targetModel)
            throws UntranslatableRequestException {
        if (target.protocol() != call.addressed().protocol()) {
            throw new UntranslatableRequestException("embeddings fail over only to a provider of the same protocol, not to "
                    + target.protocol().configName());
        }
        String requested = call.source().model();
        String sent = targetModel == null ? requested : targetModel;
        if (!Objects.equals(sent, requested)) {
            throw new UntranslatableRequestException("embeddings of " + requested + " fail over only to a provider "
                    + "serving that model, not " + sent + ": vectors of another model do not compare");
        }
    }

    private static void checkStateless(RecognizedCall call) throws UntranslatableRequestException {
        String dependency;
        try {
            dependency = ResponsesState.dependency(Json.parseObject(call.source().body()));
        } catch (MalformedBodyException malformed) {
            throw new UntranslatableRequestException("the request body cannot be read: " + malformed.getMessage());
        }
        if (dependency != null) {
            throw new UntranslatableRequestException(dependency);
        }
    }

    /**
     * Gemini and Bedrock name the model in the path: every request to such a provider does, on
     * Vertex AI too (whose Claude ids, {@code claude-sonnet-4@20250514}, are escaped into the path instead).
     */
    private static void checkPath(Provider target, String targetModel, RecognizedCall call)
            throws UntranslatableRequestException {
        String model = targetModel == null ? call.source().model() : targetModel;
        if (target.protocol().wire() == Protocol.GEMINI && !OperationPaths.fitsInPath(model)) {
            throw new UntranslatableRequestException("the model cannot stand in the URL path of "
                    + target.name() + ": only letters, digits, '.', '-' and '_'");
        }
        if (target.protocol().onBedrock() && !OperationPaths.escapable(model)) {
            throw new UntranslatableRequestException("the model cannot stand in the URL path of " + target.name());
        }
    }
}
