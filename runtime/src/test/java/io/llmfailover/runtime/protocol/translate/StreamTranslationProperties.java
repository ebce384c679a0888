package io.llmfailover.runtime.protocol.translate;

import static io.llmfailover.runtime.testing.Tries.forAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.llmfailover.runtime.provider.Protocol;
import io.llmfailover.runtime.testing.SplitInputStream;
import io.llmfailover.runtime.testing.Tries;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Streamed answers through every translating bridge, from generated target streams cut into
 * generated reads (tries and seed: see {@link io.llmfailover.runtime.testing.Tries}): reading the
 * app's stream to its end never throws but an IOException, ends, and is well-formed in the app's
 * dialect; a valid stream translates the same whatever its reads.
 */
class StreamTranslationProperties {

    /** A minute, and a second per ten tries: far beyond any run on a busy machine, reached only by a stream that never ends. */
    private static final Duration NEVER_ENDING = Duration.ofSeconds(60 + Tries.count() / 10);

    @ParameterizedTest(name = "{0} target")
    @EnumSource(Protocol.class)
    void anyStreamEndsCleanlyInTheCallersDialect(Protocol target) {
        assertTimeoutPreemptively(NEVER_ENDING, () -> forAll(DamagedStreams.damaged(target), reads -> {
            for (Direction direction : directionsTo(target)) {
                byte[] output = translate(direction, new SplitInputStream(reads), SplitInputStream.joined(reads).length);

                CallerShapes.assertStreamEndsCleanly(direction.caller(), output, direction.toString());
            }
        }));
    }

    @ParameterizedTest(name = "{0} target")
    @EnumSource(Protocol.class)
    void anUpstreamThatBreaksOffBeforeItsEndEndsWithAnErrorFrame(Protocol target) {
        assertTimeoutPreemptively(NEVER_ENDING, () -> forAll(DamagedStreams.valid(target), reads -> {
            List<byte[]> before = reads.subList(0, reads.size() / 2);
            for (Direction direction : directionsTo(target)) {
                byte[] output = translate(direction, new BreakingOff(new SplitInputStream(before)), SplitInputStream.joined(before).length);

                CallerShapes.assertStreamEndsCleanly(direction.caller(), output, direction.toString());
                assertTrue(CallerShapes.endsWithError(output), direction + " ended without an error");
            }
        }));
    }

    @ParameterizedTest(name = "{0} target")
    @EnumSource(Protocol.class)
    void aValidStreamTranslatesTheSameInAnyReadsAndEndsWithoutAnError(Protocol target) {
        forAll(DamagedStreams.valid(target), reads -> {
            byte[] whole = SplitInputStream.joined(reads);
            for (Direction direction : directionsTo(target)) {
                byte[] inOneRead = translate(direction, new ByteArrayInputStream(whole), whole.length);
                byte[] inReads = translate(direction, new SplitInputStream(reads), whole.length);

                assertArrayEquals(Fixtures.withoutMadeUpIds(target, inOneRead), Fixtures.withoutMadeUpIds(target, inReads),
                        direction.toString());
                CallerShapes.assertStreamEndsCleanly(direction.caller(), inReads, direction.toString());
                assertFalse(CallerShapes.endsWithError(inReads), direction + " ended with an error");
            }
        });
    }

    private static List<Direction> directionsTo(Protocol target) {
        return Direction.translatingAnswers().stream().filter(direction -> direction.target() == target).toList();
    }

    /** The app's stream read to its end in reads of odd sizes; an IOException ends it, as it may. */
    private static byte[] translate(Direction direction, InputStream upstream, int upstreamBytes) throws Exception {
        SourceRequest source = direction.source(true);
        TargetRequest target = direction.bridge().request(source, direction.targetModel());
        InputStream translated = direction.bridge().response(upstream, source, target);
        long limit = 64L * upstreamBytes + 64 * 1024;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[13];
        try {
            for (int read = translated.read(buffer); read >= 0; read = translated.read(buffer)) {
                out.write(buffer, 0, read);
                if (out.size() > limit) {
                    fail(direction + ": more than " + limit + " bytes from " + upstreamBytes);
                }
            }
        } catch (IOException brokenOff) {
            // allowed: a broken stream surfaces as an error event or as an IOException
        }
        return out.toByteArray();
    }

    /** The reads, then the connection resets. */
    private static final class BreakingOff extends InputStream {
        private final InputStream reads;

        BreakingOff(InputStream reads) {
            this.reads = reads;
        }

        @Override
        public int read() throws IOException {
            int b = reads.read();
            if (b < 0) {
                throw new IOException("connection reset");
            }
            return b;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            int count = reads.read(into, offset, length);
            if (count < 0) {
                throw new IOException("connection reset");
            }
            return count;
        }
    }
}
