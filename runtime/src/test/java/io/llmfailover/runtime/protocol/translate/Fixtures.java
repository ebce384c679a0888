package io.llmfailover.runtime.protocol.translate;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.protocol.Operation;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridge;
import io.llmfailover.runtime.protocol.bridge.ProtocolBridges;
import io.llmfailover.runtime.protocol.translate.sse.SseEvent;
import io.llmfailover.runtime.protocol.translate.sse.SseReader;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.time.ManualClock;
import java.io.ByteArrayInputStream;
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
        };
    }

    static String targetModel(Protocol protocol) {
        return switch (protocol) {
            case OPENAI -> "gpt-4o-mini";
            case ANTHROPIC -> "claude-haiku-4-5";
            case GEMINI, VERTEX_GEMINI -> "gemini-2.5-flash";
            case VERTEX_ANTHROPIC -> "claude-haiku-4-5@20251001";
        };
    }

    static ProtocolBridge bridge(Protocol from, Protocol to) {
        return ProtocolBridges.between(from, to, OPTIONS);
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
        comparison.compare(new String(bytes(path), StandardCharsets.UTF_8), actual);
    }

    interface GoldenComparison {
        void compare(String expected, String actual);
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

    /** A stream as a list of {@code {"event": name, "data": json-or-text}} objects, event by event. */
    static List<JsonNode> transcript(byte[] stream) {
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
