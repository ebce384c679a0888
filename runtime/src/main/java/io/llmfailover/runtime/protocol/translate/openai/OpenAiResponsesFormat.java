package io.llmfailover.runtime.protocol.translate.openai;

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
 * The OpenAI Responses API as a caller's format only: stateless calls are read into the neutral
 * form and answers written back as Responses; fallbacks are always asked through their own
 * generation API (Chat Completions for OpenAI-compatible vendors).
 */
public final class OpenAiResponsesFormat implements WireFormat {

    public static final OpenAiResponsesFormat INSTANCE = new OpenAiResponsesFormat();

    private OpenAiResponsesFormat() {}

    @Override
    public Protocol protocol() {
        return Protocol.OPENAI;
    }

    @Override
    public ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException {
        return new ResponsesRequestReader(dropped).read(Json.parseObject(source.body()));
    }

    @Override
    public TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped)
            throws UntranslatableRequestException {
        throw new UntranslatableRequestException("fallbacks are asked through Chat Completions, not the Responses API");
    }

    @Override
    public ChatResponse readResponse(byte[] body, ResponseContext context) {
        throw new UnsupportedOperationException("a fallback is never asked through the Responses API");
    }

    @Override
    public byte[] writeResponse(ChatResponse response, ResponseContext context) {
        return ResponsesResponseWriter.write(response, context);
    }

    @Override
    public StreamDecoder streamDecoder(ResponseContext context) {
        throw new UnsupportedOperationException("a fallback is never asked through the Responses API");
    }

    @Override
    public StreamEncoder streamEncoder(ResponseContext context) {
        return new ResponsesEventEncoder(context);
    }
}
