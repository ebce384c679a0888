package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Generator.weighted;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamEncoder;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamMessage;
import io.llmfailover.runtime.protocol.translate.eventstream.EventStreamReader;
import io.llmfailover.runtime.protocol.translate.sse.SseBytes;
import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.Generator;
import io.llmfailover.runtime.testing.SplitInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;

/**
 * A target's event stream as it may arrive: its fixture whole, cut short, with events dropped,
 * repeated or swapped, with the JSON of an event edited or replaced by garbage, with bytes flipped,
 * or something else entirely; always cut into reads at random places. An event of an SSE stream
 * is its text up to its blank line; of a Bedrock event stream, one encoded message, whose JSON
 * is edited before it is encoded (with valid checksums) so that the edit reaches the decoder.
 */
final class DamagedStreams {

    private DamagedStreams() {}

    /** The fixture stream of the target, split into reads, undamaged. */
    static Generator<List<byte[]>> valid(Protocol target) {
        return SplitInputStream.split(Generator.constant(Fixtures.targetStream(target)));
    }

    /** The fixture stream of the target, damaged. */
    static Generator<List<byte[]>> damaged(Protocol target) {
        byte[] fixture = Fixtures.targetStream(target);
        List<byte[]> events = target.onBedrock() ? eventStreamMessages(fixture) : sseEvents(fixture);
        BiFunction<byte[], Random, byte[]> editJson = target.onBedrock() ? DamagedStreams::editedMessage
                : DamagedStreams::editedSseEvent;
        Generator<byte[]> cutShort = random -> Arrays.copyOf(fixture, random.nextInt(fixture.length));
        Generator<byte[]> jsonEdited = random -> joined(withEditedJson(events, editJson, random));
        Generator<byte[]> reshuffled = random -> joined(reshuffled(events, random));
        Generator<byte[]> withGarbage = random -> joined(withGarbage(events, random));
        Generator<byte[]> flipped = random -> flipped(fixture, random);
        Generator<byte[]> damaged = weighted(2, cutShort, 3, jsonEdited, 2, reshuffled, 2, withGarbage, 1, flipped,
                1, SseBytes.anyStream(20));
        return SplitInputStream.split(damaged);
    }

    private static List<byte[]> sseEvents(byte[] fixture) {
        return Arrays.stream(new String(fixture, StandardCharsets.UTF_8).split("(?<=\n\n)"))
                .map(event -> event.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** An event stream's messages, each encoded on its own. */
    private static List<byte[]> eventStreamMessages(byte[] fixture) {
        List<byte[]> messages = new ArrayList<>();
        EventStreamReader reader = new EventStreamReader(new ByteArrayInputStream(fixture));
        try {
            for (EventStreamMessage message = reader.next(); message != null; message = reader.next()) {
                messages.add(EventStreamEncoder.encode(message));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return messages;
    }

    /** One event's JSON with nodes replaced or removed. */
    private static List<byte[]> withEditedJson(List<byte[]> events, BiFunction<byte[], Random, byte[]> edit, Random random) {
        List<byte[]> edited = new ArrayList<>(events);
        int at = random.nextInt(edited.size());
        edited.set(at, edit.apply(edited.get(at), random));
        return edited;
    }

    private static byte[] editedSseEvent(byte[] bytes, Random random) {
        String event = new String(bytes, StandardCharsets.UTF_8);
        int data = event.indexOf("data: ");
        if (data >= 0) {
            int end = event.indexOf('\n', data);
            JsonNode json = Json.parseObjectOrNull(event.substring(data + 6, end));
            if (json != null) {
                String replaced = Json.write(JsonValues.edited(json).next(random));
                return (event.substring(0, data + 6) + replaced + event.substring(end)).getBytes(StandardCharsets.UTF_8);
            }
        }
        return bytes;
    }

    private static byte[] editedMessage(byte[] encoded, Random random) {
        EventStreamMessage message = Fixtures.decodedMessage(encoded);
        JsonNode json = Json.parseObjectOrNull(new String(message.payload(), StandardCharsets.UTF_8));
        if (json == null) {
            return encoded;
        }
        byte[] payload = Json.write(JsonValues.edited(json).next(random)).getBytes(StandardCharsets.UTF_8);
        return EventStreamEncoder.encode(new EventStreamMessage(message.headers(), payload));
    }

    /** Events dropped, repeated or swapped. */
    private static List<byte[]> reshuffled(List<byte[]> events, Random random) {
        List<byte[]> shuffled = new ArrayList<>(events);
        for (int moves = 1 + random.nextInt(3); moves > 0 && !shuffled.isEmpty(); moves--) {
            int at = random.nextInt(shuffled.size());
            switch (random.nextInt(3)) {
                case 0 -> shuffled.remove(at);
                case 1 -> shuffled.add(random.nextInt(shuffled.size() + 1), shuffled.get(at));
                default -> shuffled.set(at, shuffled.set(random.nextInt(shuffled.size()), shuffled.get(at)));
            }
        }
        return shuffled;
    }

    /** Garbage events between the real ones. */
    private static List<byte[]> withGarbage(List<byte[]> events, Random random) {
        List<byte[]> withGarbage = new ArrayList<>(events);
        for (int count = 1 + random.nextInt(3); count > 0; count--) {
            String garbage = new String(SseBytes.anyStream(4).next(random), StandardCharsets.UTF_8) + "\n\n";
            withGarbage.add(random.nextInt(withGarbage.size() + 1), garbage.getBytes(StandardCharsets.UTF_8));
        }
        return withGarbage;
    }

    private static byte[] flipped(byte[] fixture, Random random) {
        byte[] bytes = fixture.clone();
        for (int flips = 1 + random.nextInt(5); flips > 0; flips--) {
            bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    private static byte[] joined(List<byte[]> events) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        events.forEach(out::writeBytes);
        return out.toByteArray();
    }
}
