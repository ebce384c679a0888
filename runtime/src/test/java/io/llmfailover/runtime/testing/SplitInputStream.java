package io.llmfailover.runtime.testing;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Hands out its bytes in the reads it was given, as a network does: one read never returns more
 * than one of them, and a caller asking for less gets the rest of it next time.
 */
public final class SplitInputStream extends InputStream {

    private final List<byte[]> reads;
    private int read;
    private int position;

    public SplitInputStream(List<byte[]> reads) {
        this.reads = reads;
    }

    /** The bytes cut at random places into reads: a list, so that a failure shrinks to the fewest and shortest. */
    public static Generator<List<byte[]>> split(Generator<byte[]> bytes) {
        return random -> cut(bytes.next(random), random);
    }

    public static byte[] joined(List<byte[]> reads) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        reads.forEach(out::writeBytes);
        return out.toByteArray();
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        while (read < reads.size() && position == reads.get(read).length) {
            read++;
            position = 0;
        }
        if (read == reads.size()) {
            return -1;
        }
        if (length == 0) {
            return 0;
        }
        byte[] current = reads.get(read);
        int count = Math.min(length, current.length - position);
        System.arraycopy(current, position, into, offset, count);
        position += count;
        return count;
    }

    private static List<byte[]> cut(byte[] bytes, Random random) {
        List<byte[]> reads = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            int size = 1 + switch (random.nextInt(3)) {
                case 0 -> random.nextInt(3);
                case 1 -> random.nextInt(64);
                default -> random.nextInt(bytes.length);
            };
            int end = Math.min(bytes.length, at + size);
            reads.add(Arrays.copyOfRange(bytes, at, end));
            at = end;
        }
        return reads;
    }
}
