package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.bedrock.InvokeModelChunks;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamReader;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.time.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test fixtures under {@code src/test/resources/translate} and the ways tests read translated bytes. */
final class Fixtures {

    /** Set {@code -Dtranslate.golden.write=true} to (re)write golden files from the current output, then review the diff. */
    static final boolean WRITE_GOLDEN = Boolean.getBoolean("translate.golden.write");

    static final BridgeOptions OPTIONS = BridgeOptions.DEFAULTS.withClock(new ManualClock());

    private Fixtures() {}

    static byte[] bytes(String path) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/translate/" + path)) {
            assertNotNull(in, "missing fixture translate/" + path);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode json(String path) {
        return Json.parseObject(bytes(path));
    }

    /** The app's request from {@code source/<protocol>-request.json}, streaming or not. */
    static SourceRequest source(Protocol protocol, boolean stream) {
        return source(protocol, stream, bytes("source/" + protocol.configName() + "-request.json"));
    }

    static SourceRequest source(Protocol protocol, boolean stream, byte[] body) {
        return switch (protocol) {
            case OPENAI -> new SourceRequest(Operation.CHAT_COMPLETIONS, "gpt-4o", stream, null, body);
            case ANTHROPIC -> new SourceRequest(Operation.MESSAGES, "claude-sonnet-4-5", stream, null, body);
            case GEMINI, VERTEX_GEMINI -> new SourceRequest(Operation.GENERATE_CONTENT, "gemini-2.5-pro", stream, stream ? "alt=sse" : null, body);
            case VERTEX_ANTHROPIC -> new SourceRequest(Operation.MESSAGES, "claude-sonnet-4@20250514", stream, null, body);
            case BEDROCK -> new SourceRequest(Operation.CONVERSE, "anthropic.claude-sonnet-4-5-20250929-v1:0", stream, null, body);
            case BEDROCK_ANTHROPIC -> new SourceRequest(Operation.MESSAGES, "anthropic.claude-sonnet-4-5-20250929-v1:0", stream, null, body);
        };
    }

    static String targetModel(Protocol protocol) {
        return switch (protocol) {
            case OPENAI -> "gpt-4o-mini";
            case ANTHROPIC -> "claude-haiku-4-5";
            case GEMINI, VERTEX_GEMINI -> "gemini-2.5-flash";
            case VERTEX_ANTHROPIC -> "claude-haiku-4-5@20251001";
            case BEDROCK, BEDROCK_ANTHROPIC -> "us.anthropic.claude-haiku-4-5-20251001-v1:0";
        };
    }

    /**
     * The target's stream fixture: {@code target/<protocol>-stream.sse}, or for Bedrock the events
     * of {@code target/bedrock-stream.events.json} encoded as an AWS event stream, for Claude's
     * InvokeModel the Anthropic stream in the event stream's chunks.
     */
    static byte[] targetStream(Protocol protocol) {
        if (protocol == Protocol.BEDROCK_ANTHROPIC) {
            try (InputStream chunks = new InvokeModelChunks(new ByteArrayInputStream(bytes("target/anthropic-stream.sse")))) {
                return chunks.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        if (protocol != Protocol.BEDROCK) {
            return bytes("target/" + protocol.wire().configName() + "-stream.sse");
        }
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        bedrockMessages(bytes("target/bedrock-stream.events.json")).forEach(message -> EventStreamEncoder.write(message, stream));
        return stream.toByteArray();
    }

    /** Event-stream messages from a JSON list of {@code {"event": type, "data": payload}} or {@code {"exception": type, …}}. */
    static List<EventStreamMessage> bedrockMessages(byte[] json) {
        try {
            List<EventStreamMessage> messages = new ArrayList<>();
            for (JsonNode entry : Json.MAPPER.readTree(json)) {
                byte[] payload = Json.bytes(entry.get("data"));
                messages.add(entry.has("exception") ? EventStreamMessage.exception(entry.get("exception").asText(), payload)
                        : EventStreamMessage.event(entry.get("event").asText(), payload));
            }
            return messages;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether {@code stream} is an AWS event stream rather than server-sent events: its first byte is a length's. */
    static boolean isEventStream(byte[] stream) {
        return stream.length >= 16 && stream[0] == 0;
    }

    static ProtocolBridge bridge(Protocol from, Protocol to) {
        return ProtocolBridges.between(from, to, OPTIONS);
    }

    /** Converse names no answer: the id the caller's format needs is made up afresh each time. */
    static String withoutMadeUpIds(Protocol target, String translated) {
        return target == Protocol.BEDROCK ? translated.replaceAll("(chatcmpl-|msg_|resp_)[0-9a-f]{24}", "$1made-up") : translated;
    }

    /** The same, for bytes that may not be text: each byte stands for one character. */
    static byte[] withoutMadeUpIds(Protocol target, byte[] translated) {
        return withoutMadeUpIds(target, new String(translated, StandardCharsets.ISO_8859_1)).getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Compares with a golden file, or writes it when {@link #WRITE_GOLDEN} is set. */
    static void assertGolden(String path, String actual, GoldenComparison comparison) {
        if (WRITE_GOLDEN) {
            try {
                Path file = Path.of("src/test/resources/translate", path);
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return;
        }
        try {
            comparison.compare(new String(bytes(path), StandardCharsets.UTF_8), actual);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    interface GoldenComparison {
        void compare(String expected, String actual) throws IOException;
    }

    static void assertSameJson(String expected, String actual) {
        assertEquals(Json.parseObject(expected), Json.parseObject(actual), () -> "expected\n" + expected + "\nbut was\n" + actual);
    }

    static void assertSameEvents(String expected, String actual) {
        List<JsonNode> expectedEvents = transcript(expected.getBytes(StandardCharsets.UTF_8));
        List<JsonNode> actualEvents = transcript(actual.getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < Math.min(expectedEvents.size(), actualEvents.size()); i++) {
            assertEquals(expectedEvents.get(i), actualEvents.get(i), "event " + i);
        }
        assertEquals(expectedEvents.size(), actualEvents.size(), "number of events");
    }

    /**
     * A stream as a list of {@code {"event": name, "data": json-or-text}} objects, event by event;
     * an event stream's exceptions as {@code {"exception": type, "data": json}}. An event stream
     * that cannot be decoded ends its transcript with {@code {"undecodable": reason}}.
     */
    static List<JsonNode> transcript(byte[] stream) {
        if (isEventStream(stream)) {
            return eventStreamTranscript(stream);
        }
        List<JsonNode> events = new ArrayList<>();
        try {
            SseReader reader = new SseReader(new ByteArrayInputStream(stream));
            for (SseEvent event = reader.next(); event != null; event = reader.next()) {
                ObjectNode entry = Json.object();
                if (event.event() != null) {
                    entry.put("event", event.event());
                }
                JsonNode data = Json.parseObjectOrNull(event.data());
                if (data == null) {
                    entry.put("data", event.data());
                } else {
                    entry.set("data", data);
                }
                events.add(entry);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return events;
    }

    /** The one message {@code encoded} holds. */
    static EventStreamMessage decodedMessage(byte[] encoded) {
        try {
            return new EventStreamReader(new ByteArrayInputStream(encoded)).next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> eventStreamTranscript(byte[] stream) {
        List<JsonNode> events = new ArrayList<>();
        EventStreamReader reader = new EventStreamReader(new ByteArrayInputStream(stream));
        try {
            for (EventStreamMessage message = reader.next(); message != null; message = reader.next()) {
                ObjectNode entry = Json.object();
                String exception = message.text(EventStreamMessage.EXCEPTION_TYPE);
                if (exception != null) {
                    entry.put("exception", exception);
                } else {
                    entry.put("event", message.text(EventStreamMessage.EVENT_TYPE));
                }
                entry.set("data", Json.parseObject(message.payload()));
                events.add(entry);
            }
        } catch (IOException e) {
            events.add(Json.object().put("undecodable", e.getMessage()));
        }
        return events;
    }

    static String pretty(JsonNode node) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ArrayNode strings(List<String> values) {
        ArrayNode array = Json.array();
        values.forEach(array::add);
        return array;
    }
}
