package io.llmfailover.runtime.protocol.translate.gemini;

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

/** Gemini {@code models/{model}:generateContent} and {@code :streamGenerateContent?alt=sse}. */
public final class GeminiFormat implements WireFormat {

    public static final GeminiFormat INSTANCE = new GeminiFormat();

    /** Targets are always asked for SSE frames, the one streaming shape the decoder reads. */
    static final String SSE_QUERY = "alt=sse";

    private GeminiFormat() {}

    @Override
    public Protocol protocol() {
        return Protocol.GEMINI;
    }

    @Override
    public ChatRequest readRequest(SourceRequest source, DroppedFields dropped) throws UntranslatableRequestException {
        return new GeminiRequestReader(dropped).read(Json.parseObject(source.body()), source.model(), source.stream());
    }

    @Override
    public TargetRequest writeRequest(ChatRequest request, String model, BridgeOptions options, DroppedFields dropped) {
        byte[] body = Json.bytes(new GeminiRequestWriter(dropped).write(request));
        String path = OperationPaths.of(Operation.GENERATE_CONTENT, model, request.stream(), request.stream() ? SSE_QUERY : null);
        return new TargetRequest(Operation.GENERATE_CONTENT, model, request.stream(), path, body, HttpHeaders.EMPTY, dropped.list());
    }

    @Override
    public ChatResponse readResponse(byte[] body, ResponseContext context) {
        return GeminiResponseReader.read(body);
    }

    @Override
    public byte[] writeResponse(ChatResponse response, ResponseContext context) {
        return GeminiResponseWriter.write(response);
    }

    @Override
    public StreamDecoder streamDecoder(ResponseContext context) {
        return new GeminiFrameDecoder();
    }

    @Override
    public StreamEncoder streamEncoder(ResponseContext context) {
        return new GeminiFrameEncoder(context.geminiSse());
    }
}
