package io.llmfailover.runtime.protocol.bridge;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelChunks;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelSse;
import io.llmfailover.runtime.provider.Protocol;
import java.io.InputStream;

/**
 * A call from or to Claude through Bedrock's InvokeModel. InvokeModel carries Anthropic's own body
 * and events, so the bridge between Anthropic and the other side's protocol does the work; this one
 * takes InvokeModel's envelope off the app's request and puts it on the target's (the model and
 * whether it streams in the path, {@code anthropic_version} in the body), and frames a stream's
 * Anthropic events in the AWS event stream's {@code chunk}s, or takes them out.
 */
final class InvokeModelBridge implements ProtocolBridge {

    private final ProtocolBridge anthropic;
    private final Protocol caller;
    private final Protocol target;

    InvokeModelBridge(ProtocolBridge anthropic, Protocol caller, Protocol target) {
        this.anthropic = anthropic;
        this.caller = caller;
        this.target = target;
    }

    @Override
    public TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException {
        TargetRequest request = anthropic.request(offInvokeModel(source), targetModel);
        if (target == Protocol.BEDROCK_ANTHROPIC) {
            // Bedrock reads the version from the body; Anthropic's headers have no meaning there.
            return new TargetRequest(request.operation(), request.model(), request.stream(),
                    OperationPaths.invokeModel(request.model(), request.stream()),
                    CloudBodies.forInvokeModel(request.body()), HttpHeaders.EMPTY, request.dropped());
        }
        return target == Protocol.ANTHROPIC ? CloudBodies.withVersionHeader(request) : request;
    }

    /** The app's request as Anthropic's own API takes it. */
    private SourceRequest offInvokeModel(SourceRequest source) throws UntranslatableRequestException {
        if (caller != Protocol.BEDROCK_ANTHROPIC) {
            return source;
        }
        return new SourceRequest(source.operation(), source.model(), source.stream(), source.query(),
                CloudBodies.fromClaude(source.body(), source.model(), source.stream()));
    }

    @Override
    public InputStream response(InputStream targetBody, SourceRequest source, TargetRequest sent) {
        boolean stream = source.stream();
        InputStream body = stream && target == Protocol.BEDROCK_ANTHROPIC ? new InvokeModelSse(targetBody) : targetBody;
        InputStream answer = anthropic.response(body, source, sent);
        return stream && caller == Protocol.BEDROCK_ANTHROPIC ? new InvokeModelChunks(answer) : answer;
    }

    @Override
    public byte[] error(int status, byte[] targetErrorBody) {
        return anthropic.error(status, targetErrorBody);
    }

    /** Bodies pass untouched only between two InvokeModel ends, whose streams are framed alike. */
    @Override
    public boolean passesBodiesThrough() {
        return caller == target && anthropic.passesBodiesThrough();
    }
}
