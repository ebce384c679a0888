package io.llmfailover.runtime.protocol.bridge;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.VertexPaths;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.provider.Protocol;
import java.io.InputStream;

/**
 * A call from or to a model on Vertex AI. Vertex carries the publisher's own bodies and answers
 * (Gemini's, Anthropic's), so the bridge between the two publishers' protocols does the work; this
 * one takes Vertex's envelope off the app's request and puts it on the target's: the model in the
 * path, and for Claude {@code anthropic_version} in the body instead of the model.
 */
final class VertexBridge implements ProtocolBridge {

    private final ProtocolBridge publishers;
    private final Protocol caller;
    private final Protocol target;

    VertexBridge(ProtocolBridge publishers, Protocol caller, Protocol target) {
        this.publishers = publishers;
        this.caller = caller;
        this.target = target;
    }

    @Override
    public TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException {
        TargetRequest request = publishers.request(offVertex(source), targetModel);
        if (target.vertexPublisher() != null) {
            return onVertex(request);
        }
        return target == Protocol.ANTHROPIC ? CloudBodies.withVersionHeader(request) : request;
    }

    /** The app's request as its publisher's own API takes it. */
    private SourceRequest offVertex(SourceRequest source) throws UntranslatableRequestException {
        if (caller != Protocol.VERTEX_ANTHROPIC) {
            return source;
        }
        return new SourceRequest(source.operation(), source.model(), source.stream(), source.query(),
                CloudBodies.fromClaude(source.body(), source.model(), source.stream()));
    }

    private TargetRequest onVertex(TargetRequest request) throws UntranslatableRequestException {
        if (!VertexPaths.fitsInPath(request.model())) {
            throw new UntranslatableRequestException(
                    "the model cannot stand in a Vertex AI path: empty, '.', '..', or longer than any published model");
        }
        String path = VertexPaths.of(target, request.model(), request.stream()) + queryOf(request.path());
        if (target == Protocol.VERTEX_ANTHROPIC) {
            // Vertex reads the version from the body; the header has no meaning there.
            return new TargetRequest(request.operation(), request.model(), request.stream(), path,
                    CloudBodies.forVertexClaude(request.body()), HttpHeaders.EMPTY, request.dropped());
        }
        return new TargetRequest(request.operation(), request.model(), request.stream(), path,
                CloudBodies.withRoles(request.body()), request.headers(), request.dropped());
    }

    /** The query the publisher's path carried (Gemini's {@code ?alt=sse}), or an empty string. */
    private static String queryOf(String path) {
        int query = path == null ? -1 : path.indexOf('?');
        return query < 0 ? "" : path.substring(query);
    }

    @Override
    public InputStream response(InputStream targetBody, SourceRequest source, TargetRequest sent) {
        return publishers.response(targetBody, source, sent);
    }

    @Override
    public byte[] error(int status, byte[] targetErrorBody) {
        return publishers.error(status, targetErrorBody);
    }

    @Override
    public boolean passesBodiesThrough() {
        return publishers.passesBodiesThrough();
    }
}
