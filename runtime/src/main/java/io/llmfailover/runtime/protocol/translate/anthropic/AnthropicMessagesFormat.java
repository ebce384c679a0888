package io.llmfailover.runtime.protocol.translate.anthropic;

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

/** Anthropic Messages ({@code POST /messages}). */
public final class AnthropicMessagesFormat implements WireFormat {

    public static final AnthropicMessagesFormat INSTANCE = new AnthropicMessagesFormat();

    /** The header Anthropic's own API requires, and the version the agent writes. */
    public static final String VERSION_HEADER = "anthropic-version";
    public static final String VERSION = "2023-06-01";

    private AnthropicMessagesFormat() {}

    @Override
    public Protocol protocol() {
        return Protocol.ANTHROPIC;
    }

    @Override
    public ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException {
        return new AnthropicRequestReader(dropped).read(Json.parseObject(source.body()));
    }

    @Override
    public TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped) {
        byte[] body = Json.bytes(new AnthropicRequestWriter(dropped).write(request, model, options.defaultMaxTokens()));
        String path = OperationPaths.of(Operation.MESSAGES, model, request.stream(), null);
        HttpHeaders headers = HttpHeaders.builder().set(VERSION_HEADER, VERSION).build();
        return new TargetRequest(Operation.MESSAGES, model, request.stream(), path, body, headers, dropped.list());
    }

    @Override
    public ChatResponse readResponse(byte[] body, ResponseContext context) {
        return AnthropicResponseReader.read(body, AnthropicRequestWriter.forcesJsonTool(context.request()));
    }

    @Override
    public byte[] writeResponse(ChatResponse response, ResponseContext context) {
        return AnthropicResponseWriter.write(response);
    }

    @Override
    public StreamDecoder streamDecoder(ResponseContext context) {
        return new AnthropicEventDecoder(AnthropicRequestWriter.forcesJsonTool(context.request()));
    }

    @Override
    public StreamEncoder streamEncoder(ResponseContext context) {
        return new AnthropicEventEncoder();
    }
}
