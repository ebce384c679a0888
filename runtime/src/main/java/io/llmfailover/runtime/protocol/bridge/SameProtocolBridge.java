package io.llmfailover.runtime.protocol.bridge;


import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** A fallback that speaks the app's own protocol: only the model changes, bodies pass through. */
final class SameProtocolBridge implements ProtocolBridge {

    static final SameProtocolBridge INSTANCE = new SameProtocolBridge();

    @Override
    public TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException {
        String model = targetModel == null ? source.model() : targetModel;
        byte[] body = OperationPaths.modelInPath(source.operation()) ? source.body() : withModel(source, model);
        String path = OperationPaths.of(source.operation(), model, source.stream(), source.query());
        return new TargetRequest(source.operation(), model, source.stream(), path, body, HttpHeaders.EMPTY);
    }

    /** The body naming the target's model; a body that is not JSON cannot name it, as for any other bridge. */
    private static byte[] withModel(SourceRequest source, String model) throws UntranslatableRequestException {
        try {
            return ModelRewrite.apply(source.body(), source.model(), model);
        } catch (UncheckedIOException notJson) {
            throw new UntranslatableRequestException("the request body cannot be read: body is not valid JSON");
        }
    }

    @Override
    public InputStream response(InputStream targetBody, SourceRequest source, TargetRequest target) {
        return targetBody;
    }

    @Override
    public byte[] error(int status, byte[] targetErrorBody) {
        return targetErrorBody;
    }

    @Override
    public boolean passesBodiesThrough() {
        return true;
    }
}
