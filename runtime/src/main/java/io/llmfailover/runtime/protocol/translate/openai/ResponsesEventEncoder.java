package io.llmfailover.runtime.protocol.translate.openai;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.translate.ClosingStreamEncoder;
import io.llmfailover.runtime.protocol.translate.Ids;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.ResponseContext;
import io.llmfailover.runtime.protocol.translate.model.StopReason;
import io.llmfailover.runtime.protocol.translate.model.StreamEvent;
import io.llmfailover.runtime.protocol.translate.model.Usage;
import io.llmfailover.runtime.protocol.translate.sse.SseFrames;
import io.llmfailover.runtime.provider.Protocol;
import java.io.ByteArrayOutputStream;

/**
 * Writes OpenAI Responses stream events (typed, numbered, no {@code [DONE]}). Unlike the other
 * encoders this one keeps the answer's text: the Responses protocol repeats it in its
 * {@code .done} events and in {@code response.completed}.
 */
final class ResponsesEventEncoder extends ClosingStreamEncoder {

    private final ResponseContext context;
    private final ArrayNode items = Json.array();
    private int sequence;
    private String id;
    private String model;
    private boolean started;
    private StopReason stopReason;
    private Usage usage = Usage.ZERO;

    /** The item being streamed: a message ({@code callId} null) or a function call. */
    private String itemId;
    private String callId;
    private String callName;
    private int callOrdinal = -1;
    private final StringBuilder itemText = new StringBuilder();

    ResponsesEventEncoder(ResponseContext context) {
        super(Protocol.OPENAI);
        this.context = context;
    }

    @Override
    protected void encodeOpen(StreamEvent event, ByteArrayOutputStream out) {
        if (event instanceof StreamEvent.Started s) {
            start(s.id(), s.model(), out);
        } else if (event instanceof StreamEvent.TextDelta t) {
            start(null, null, out);
            if (itemId == null || callId != null) {
                closeItem(out);
                openMessage(out);
            }
            itemText.append(t.text());
            ObjectNode data = itemEvent().put("content_index", 0).put("delta", t.text());
            data.putArray("logprobs");
            emit("response.output_text.delta", data, out);
        } else if (event instanceof StreamEvent.ToolCallStarted call) {
            start(null, null, out);
            closeItem(out);
            itemId = Ids.message("fc_", call.id());
            callId = call.id();
            callName = call.name();
            callOrdinal = call.ordinal();
            ObjectNode data = Json.object().put("output_index", items.size());
            data.set("item", ResponsesShapes.functionCall(itemId, "in_progress", callId, callName, ""));
            emit("response.output_item.added", data, out);
        } else if (event instanceof StreamEvent.ToolArgumentsDelta arguments) {
            if (callId != null && arguments.ordinal() == callOrdinal) {
                itemText.append(arguments.fragment());
                emit("response.function_call_arguments.delta", itemEvent().put("delta", arguments.fragment()), out);
            }
        } else if (event instanceof StreamEvent.Finished f) {
            stopReason = f.reason();
        } else if (event instanceof StreamEvent.UsageReported u) {
            usage = u.usage();
        } else if (event instanceof StreamEvent.Ended) {
            start(null, null, out);
            closeItem(out);
            StopReason reason = stopReason == null ? StopReason.END_TURN : stopReason;
            ObjectNode response = ResponsesShapes.response(id, model, context.createdSeconds(), reason, items, usage);
            ObjectNode data = Json.object();
            data.set("response", response);
            emit("completed".equals(response.get("status").asText()) ? "response.completed" : "response.incomplete", data, out);
            close();
        } else if (event instanceof StreamEvent.Failed f) {
            out.writeBytes(errorFrame(f.kind(), f.message()));
        }
    }

    private void start(String targetId, String targetModel, ByteArrayOutputStream out) {
        if (started) {
            return;
        }
        started = true;
        id = Ids.message("resp_", targetId);
        model = targetModel;
        for (String type : new String[] {"response.created", "response.in_progress"}) {
            ObjectNode data = Json.object();
            data.set("response", ResponsesShapes.response(id, model, context.createdSeconds(), null, Json.array(), null));
            emit(type, data, out);
        }
    }

    private void openMessage(ByteArrayOutputStream out) {
        itemId = Ids.message("msg_", id + "_" + items.size());
        callId = null;
        ObjectNode added = Json.object().put("output_index", items.size());
        added.set("item", ResponsesShapes.message(itemId, "in_progress", null));
        emit("response.output_item.added", added, out);
        ObjectNode part = itemEvent().put("content_index", 0);
        part.set("part", ResponsesShapes.outputText(""));
        emit("response.content_part.added", part, out);
    }

    private void closeItem(ByteArrayOutputStream out) {
        if (itemId == null) {
            return;
        }
        String text = itemText.toString();
        ObjectNode item;
        if (callId == null) {
            ObjectNode done = itemEvent().put("content_index", 0).put("text", text);
            done.putArray("logprobs");
            emit("response.output_text.done", done, out);
            ObjectNode part = itemEvent().put("content_index", 0);
            part.set("part", ResponsesShapes.outputText(text));
            emit("response.content_part.done", part, out);
            item = ResponsesShapes.message(itemId, "completed", text);
        } else {
            emit("response.function_call_arguments.done", itemEvent().put("arguments", text), out);
            item = ResponsesShapes.functionCall(itemId, "completed", callId, callName, text);
        }
        ObjectNode done = Json.object().put("output_index", items.size());
        done.set("item", item);
        emit("response.output_item.done", done, out);
        items.add(item);
        itemId = null;
        callId = null;
        callOrdinal = -1;
        itemText.setLength(0);
    }

    private ObjectNode itemEvent() {
        return Json.object().put("item_id", itemId).put("output_index", items.size());
    }

    private void emit(String type, ObjectNode data, ByteArrayOutputStream out) {
        ObjectNode event = Json.object().put("type", type).put("sequence_number", sequence++);
        event.setAll(data);
        SseFrames.event(out, type, Json.write(event));
    }

}
