package io.llmfailover.runtime.protocol.translate;

import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.provider.Protocol;

/**
 * One protocol's generation operation, read and written through the neutral model. A bridge
 * between two protocols is the caller's format and the target's format back to back, so each
 * protocol is written once instead of once per direction.
 */
public interface WireFormat {

    Protocol protocol();

    /** The app's request; records in {@code dropped} what no neutral field can carry. */
    ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException;

    /** The request for a target; records in {@code dropped} what this protocol cannot express. */
    TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped)
            throws UntranslatableRequestException;

    /** A target's complete body; {@link MalformedBodyException} when it is not this protocol's answer. */
    ChatResponse readResponse(byte[] body, ResponseContext context);

    byte[] writeResponse(ChatResponse response, ResponseContext context);

    StreamDecoder streamDecoder(ResponseContext context);

    StreamEncoder streamEncoder(ResponseContext context);
}
