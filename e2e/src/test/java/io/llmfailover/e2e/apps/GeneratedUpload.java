package io.llmfailover.e2e.apps;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;

/**
 * The file the apps upload in mode {@code upload}: {@value #SIZE} bytes made up as they are read,
 * never held whole in memory, the same bytes every time (a pseudo-random block repeated), so the
 * receiving stub can check them by length and CRC-32 without keeping them either. For clients
 * without a multipart builder of their own, also the whole {@code multipart/form-data} body
 * around it.
 */
public final class GeneratedUpload {

    /** 200 MB, in the powers of 1024 that {@code buffer.max-bytes} counts in. */
    public static final long SIZE = 200L * 1024 * 1024;
    public static final String PART_NAME = "file";
    public static final String FILENAME = "upload.bin";
    public static final String BOUNDARY = "e2e-upload-7MA4YWxkTrZu0gW";
    public static final String MULTIPART_CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    /** A prime length, so that the block never lines up with any client's chunk size. */
    private static final byte[] BLOCK = block(8191, 20_250_101L);

    private static final byte[] PART_HEAD = ("--" + BOUNDARY + "\r\n"
            + "Content-Disposition: form-data; name=\"" + PART_NAME + "\"; filename=\"" + FILENAME + "\"\r\n"
            + "Content-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = ("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII);

    private GeneratedUpload() {}

    /** The file's bytes, generated as they are read. */
    public static InputStream content() {
        return new Generated(SIZE);
    }

    /** The whole multipart body: one part named {@value #PART_NAME}, holding {@link #content()}. */
    public static InputStream multipart() {
        return new SequenceInputStream(Collections.enumeration(List.of(
                new ByteArrayInputStream(PART_HEAD), content(), new ByteArrayInputStream(CLOSE))));
    }

    /** The length of {@link #multipart()}. */
    public static long multipartLength() {
        return PART_HEAD.length + SIZE + CLOSE.length;
    }

    /** The CRC-32 of {@link #content()}, computed by reading it (about a tenth of a second). */
    public static long crc32() {
        CRC32 crc = new CRC32();
        byte[] chunk = new byte[64 * 1024];
        try (InputStream in = content()) {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                crc.update(chunk, 0, n);
            }
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return crc.getValue();
    }

    private static byte[] block(int length, long seed) {
        byte[] block = new byte[length];
        new Random(seed).nextBytes(block);
        return block;
    }

    private static final class Generated extends InputStream {
        private final long size;
        private long position;

        Generated(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            if (position >= size) {
                return -1;
            }
            return BLOCK[(int) (position++ % BLOCK.length)] & 0xff;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (position >= size) {
                return -1;
            }
            int total = (int) Math.min(length, size - position);
            int done = 0;
            while (done < total) {
                int at = (int) (position % BLOCK.length);
                int n = Math.min(total - done, BLOCK.length - at);
                System.arraycopy(BLOCK, at, into, offset + done, n);
                done += n;
                position += n;
            }
            return total;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.max(0, Math.min(n, size - position));
            position += skipped;
            return skipped;
        }
    }
}
