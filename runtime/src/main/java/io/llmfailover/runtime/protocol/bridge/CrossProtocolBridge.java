package io.llmfailover.runtime.protocol.bridge;


import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.ErrorBodies;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.TranslatingStream;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.WireFormat;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A bridge that reads the app's request in its format and writes it in the target's, and back. */
public final class CrossProtocolBridge implements ProtocolBridge {

    /** A whole (not streamed) answer larger than this is not translated: a clear error rather than running out of memory. */
    public static final int MAX_WHOLE_RESPONSE_BYTES = 64 * 1024 * 1024;

    private final Protocol caller;
    private final WireFormat target;
    private final BridgeOptions options;

    CrossProtocolBridge(Protocol caller, WireFormat target, BridgeOptions options) {
        this.caller = caller;
        this.target = target;
        this.options = options;
    }

    @Override
    public TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException {
        WireFormat callerFormat = WireFormats.caller(source.operation(), target.protocol());
        DroppedFields dropped = new DroppedFields();
        ChatRequest request;
        try {
            request = callerFormat.readRequest(source, dropped);
        } catch (MalformedBodyException malformed) {
            throw new UntranslatableRequestException("the request body cannot be read: " + malformed.getMessage());
        }
        String model = targetModel == null ? source.model() : targetModel;
        return target.writeRequest(request, model, options, dropped);
    }

    @Override
    public InputStream response(InputStream targetBody, SourceRequest source, TargetRequest sent) {
        WireFormat callerFormat;
        try {
            callerFormat = WireFormats.caller(source.operation(), target.protocol());
        } catch (UntranslatableRequestException e) {
            return new ByteArrayInputStream(ErrorBodies.of(caller, 502, e.getMessage()));
        }
        ResponseContext context = new ResponseContext(rereadRequest(callerFormat, source), source, options);
        if (source.stream()) {
            return new TranslatingStream(targetBody, target.streamDecoder(context), callerFormat.streamEncoder(context));
        }
        return new ByteArrayInputStream(translateWhole(targetBody, callerFormat, context));
    }

    @Override
    public byte[] error(int status, byte[] targetErrorBody) {
        return ErrorBodies.translate(caller, status, targetErrorBody);
    }

    @Override
    public boolean passesBodiesThrough() {
        return false;
    }

    private byte[] translateWhole(InputStream targetBody, WireFormat callerFormat, ResponseContext context) {
        try (InputStream body = targetBody) {
            byte[] bytes = body.readNBytes(MAX_WHOLE_RESPONSE_BYTES + 1);
            if (bytes.length > MAX_WHOLE_RESPONSE_BYTES) {
                return ErrorBodies.of(caller, 502, "the fallback provider's response is larger than "
                        + (MAX_WHOLE_RESPONSE_BYTES >> 20) + " MB: not translated");
            }
            ChatResponse response = target.readResponse(bytes, context);
            return callerFormat.writeResponse(response, context);
        } catch (IOException e) {
            return ErrorBodies.of(caller, 502, "the fallback provider's response broke off");
        } catch (MalformedBodyException e) {
            return ErrorBodies.of(caller, 502, "the fallback provider sent a malformed response: " + e.getMessage());
        } catch (RuntimeException e) {
            return ErrorBodies.of(caller, 502, "the fallback provider's response could not be translated");
        }
    }

    /** The app's request again, for the few answers that depend on it; null if it cannot be read. */
    private static ChatRequest rereadRequest(WireFormat callerFormat, SourceRequest source) {
        try {
            return callerFormat.readRequest(source, new DroppedFields());
        } catch (UntranslatableRequestException | RuntimeException e) {
            return null;
        }
    }
}
