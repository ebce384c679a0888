package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
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

/** OpenAI Chat Completions ({@code POST /chat/completions}), and every OpenAI-compatible endpoint through its dialect. */
public final class OpenAiChatFormat implements WireFormat {

    public static final OpenAiChatFormat INSTANCE = new OpenAiChatFormat();

    private OpenAiChatFormat() {}

    @Override
    public Protocol protocol() {
        return Protocol.OPENAI;
    }

    @Override
    public ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException {
        return new OpenAiRequestReader(dropped).read(Json.parseObject(source.body()));
    }

    @Override
    public TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped) {
        ObjectNode body = new OpenAiRequestWriter(dropped).write(request, model, OpenAiDialects.of(options.target()));
        String path = OperationPaths.of(Operation.CHAT_COMPLETIONS, model, request.stream(), null);
        return new TargetRequest(Operation.CHAT_COMPLETIONS, model, request.stream(), path, Json.bytes(body),
                HttpHeaders.EMPTY, dropped.list());
    }

    @Override
    public ChatResponse readResponse(byte[] body, ResponseContext context) {
        return OpenAiResponseReader.read(body);
    }

    @Override
    public byte[] writeResponse(ChatResponse response, ResponseContext context) {
        return OpenAiResponseWriter.write(response, context);
    }

    @Override
    public StreamDecoder streamDecoder(ResponseContext context) {
        return new OpenAiChunkDecoder();
    }

    @Override
    public StreamEncoder streamEncoder(ResponseContext context) {
        return new OpenAiChunkEncoder(context);
    }
}
