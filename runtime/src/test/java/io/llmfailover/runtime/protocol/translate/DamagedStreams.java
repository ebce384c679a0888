package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Generator.weighted;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmfailover.runtime.protocol.translate.sse.SseBytes;
import io.llmfailover.runtime.testing.Generator;
import io.llmfailover.runtime.testing.SplitInputStream;
import io.llmfailover.runtime.provider.Protocol;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A target's event stream as it may arrive: its fixture whole, cut short, with events dropped,
 * repeated or swapped, with the JSON of an event edited or replaced by garbage, with bytes flipped,
 * or something else entirely; always cut into reads at random places.
 */
final class DamagedStreams {

    private DamagedStreams() {}

    /** The fixture stream of the target, split into reads, undamaged. */
    static Generator<List<byte[]>> valid(Protocol target) {
        return SplitInputStream.split(Generator.constant(fixture(target)));
    }

    /** The fixture stream of the target, damaged. */
    static Generator<List<byte[]>> damaged(Protocol target) {
        byte[] fixture = fixture(target);
        List<String> events = List.of(new String(fixture, StandardCharsets.UTF_8).split("(?<=\n\n)"));
        Generator<byte[]> cutShort = random -> Arrays.copyOf(fixture, random.nextInt(fixture.length));
        Generator<byte[]> jsonEdited = random -> joined(withEditedJson(events, random));
        Generator<byte[]> reshuffled = random -> joined(reshuffled(events, random));
        Generator<byte[]> withGarbage = random -> joined(withGarbage(events, random));
        Generator<byte[]> flipped = random -> flipped(fixture, random);
        Generator<byte[]> damaged = weighted(2, cutShort, 3, jsonEdited, 2, reshuffled, 2, withGarbage, 1, flipped,
                1, SseBytes.anyStream(20));
        return SplitInputStream.split(damaged);
    }

    private static byte[] fixture(Protocol target) {
        return Fixtures.bytes("target/" + target.wire().configName() + "-stream.sse");
    }

    /** One event's JSON with nodes replaced or removed. */
    private static List<String> withEditedJson(List<String> events, Random random) {
        List<String> edited = new ArrayList<>(events);
        int at = random.nextInt(edited.size());
        String event = edited.get(at);
        int data = event.indexOf("data: ");
        if (data >= 0) {
            int end = event.indexOf('\n', data);
            JsonNode json = Json.parseObjectOrNull(event.substring(data + 6, end));
            if (json != null) {
                String replaced = Json.write(JsonValues.edited(json).next(random));
                edited.set(at, event.substring(0, data + 6) + replaced + event.substring(end));
            }
        }
        return edited;
    }

    /** Events dropped, repeated or swapped. */
    private static List<String> reshuffled(List<String> events, Random random) {
        List<String> shuffled = new ArrayList<>(events);
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
    private static List<String> withGarbage(List<String> events, Random random) {
        List<String> withGarbage = new ArrayList<>(events);
        for (int count = 1 + random.nextInt(3); count > 0; count--) {
            String garbage = new String(SseBytes.anyStream(4).next(random), StandardCharsets.UTF_8) + "\n\n";
            withGarbage.add(random.nextInt(withGarbage.size() + 1), garbage);
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

    private static byte[] joined(List<String> events) {
        return String.join("", events).getBytes(StandardCharsets.UTF_8);
    }
}
