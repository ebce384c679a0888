package io.llmfailover.runtime.protocol.bridge;


import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import java.io.InputStream;

/**
 * Carries one call from the protocol the app speaks to the protocol a provider speaks, and the
 * answer back. One implementation per direction; the same-protocol bridge only maps the model.
 */
public interface ProtocolBridge {

    /**
     * @param targetModel the model to ask the target for (after the provider's model map)
     * @throws UntranslatableRequestException when the call must not be failed over to this target
     *     (a documented policy, e.g. a stateful Responses call); the gateway skips the provider
     */
    TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException;

    /**
     * The target's successful body, in the app's protocol. Streaming bodies are translated lazily,
     * event by event, with constant memory; malformed input ends the stream with an error frame in
     * the app's protocol, never with an exception thrown at the app's parser.
     */
    InputStream response(InputStream targetBody, SourceRequest source, TargetRequest target);

    /** The target's error body, re-written in the app's protocol, keeping the status family. */
    byte[] error(int status, byte[] targetErrorBody);

    /** Whether {@link #response} and {@link #error} leave bytes untouched. */
    boolean passesBodiesThrough();
}
