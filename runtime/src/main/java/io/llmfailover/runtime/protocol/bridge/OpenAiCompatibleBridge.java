package io.llmfailover.runtime.protocol.bridge;


import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialect;
import io.llmfailover.runtime.protocol.translate.openai.OpenAiDialectRewrite;
import io.llmfailover.runtime.provider.Protocol;
import java.io.InputStream;

/**
 * An OpenAI app failing over to another OpenAI-compatible vendor: Chat Completions bodies get the
 * vendor's dialect rewrites and answers pass through; Responses calls go through Chat Completions
 * when the vendor has no Responses API.
 */
final class OpenAiCompatibleBridge implements ProtocolBridge {

    private final OpenAiDialect dialect;
    private final CrossProtocolBridge viaChatCompletions;

    OpenAiCompatibleBridge(OpenAiDialect dialect, BridgeOptions options) {
        this.dialect = dialect;
        this.viaChatCompletions = new CrossProtocolBridge(Protocol.OPENAI, WireFormats.target(Protocol.OPENAI), options);
    }

    @Override
    public TargetRequest request(SourceRequest source, String targetModel) throws UntranslatableRequestException {
        if (source.operation() == Operation.RESPONSES && !dialect.responsesApi()) {
            return viaChatCompletions.request(source, targetModel);
        }
        TargetRequest passed = SameProtocolBridge.INSTANCE.request(source, targetModel);
        if (source.operation() != Operation.CHAT_COMPLETIONS || !dialect.rewritesAnything()) {
            return passed;
        }
        ObjectNode body;
        try {
            body = Json.parseObject(source.body());
        } catch (MalformedBodyException malformed) {
            return passed;
        }
        body.put("model", passed.model());
        DroppedFields dropped = new DroppedFields();
        OpenAiDialectRewrite.apply(body, dialect, dropped);
        String path = OperationPaths.of(Operation.CHAT_COMPLETIONS, passed.model(), source.stream(), null);
        return new TargetRequest(Operation.CHAT_COMPLETIONS, passed.model(), source.stream(), path, Json.bytes(body),
                passed.headers(), dropped.list());
    }

    @Override
    public InputStream response(InputStream targetBody, SourceRequest source, TargetRequest target) {
        if (target.operation() != source.operation()) {
            return viaChatCompletions.response(targetBody, source, target);
        }
        return targetBody;
    }

    @Override
    public byte[] error(int status, byte[] targetErrorBody) {
        return targetErrorBody;
    }

    @Override
    public boolean passesBodiesThrough() {
        return dialect.responsesApi();
    }
}
