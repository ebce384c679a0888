package io.llmfailover.runtime.protocol.translate.bedrock;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.OperationPaths;
import io.llmfailover.runtime.protocol.translate.BridgeOptions;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import io.llmfailover.runtime.protocol.translate.StreamDecoder;
import io.llmfailover.runtime.protocol.translate.StreamEncoder;
import io.llmfailover.runtime.protocol.translate.TargetRequest;
import io.llmfailover.runtime.protocol.translate.UntranslatableRequestException;
import io.llmfailover.runtime.protocol.translate.WireFormat;
import io.llmfailover.runtime.protocol.translate.model.ChatRequest;
import io.llmfailover.runtime.protocol.translate.model.ChatResponse;
import io.llmfailover.runtime.protocol.translate.model.DroppedFields;
import io.llmfailover.runtime.provider.Protocol;

/**
 * Bedrock Runtime's Converse ({@code POST /model/{modelId}/converse}) and ConverseStream
 * ({@code /converse-stream}, answered as an AWS event stream). The model id is escaped into the path.
 */
public final class BedrockConverseFormat implements WireFormat {

    public static final BedrockConverseFormat INSTANCE = new BedrockConverseFormat();

    private BedrockConverseFormat() {}

    @Override
    public Protocol protocol() {
        return Protocol.BEDROCK;
    }

    @Override
    public ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException {
        return new BedrockRequestReader(dropped).read(Json.parseObject(source.body()), source);
    }

    @Override
    public TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped)
            throws UntranslatableRequestException {
        if (!OperationPaths.escapable(model)) {
            throw new UntranslatableRequestException("the model cannot stand in a Bedrock URL path");
        }
        byte[] body = Json.bytes(new BedrockRequestWriter(dropped).write(request));
        String path = OperationPaths.of(Operation.CONVERSE, model, request.stream(), null);
        return new TargetRequest(Operation.CONVERSE, model, request.stream(), path, body, HttpHeaders.EMPTY, dropped.list());
    }

    @Override
    public ChatResponse readResponse(byte[] body, ResponseContext context) {
        return BedrockResponseReader.read(body, modelAsked(context));
    }

    @Override
    public byte[] writeResponse(ChatResponse response, ResponseContext context) {
        return BedrockResponseWriter.write(response);
    }

    @Override
    public StreamDecoder streamDecoder(ResponseContext context) {
        return new BedrockEventDecoder(modelAsked(context));
    }

    @Override
    public StreamEncoder streamEncoder(ResponseContext context) {
        return new BedrockEventEncoder();
    }

    /** Converse's answers name no model: the app is told the one it asked for. */
    private static String modelAsked(ResponseContext context) {
        return context.source() == null ? null : context.source().model();
    }
}
