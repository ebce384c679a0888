package io.llmfailover.runtime.operations.reload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Arrays;

/**
 * What the config file held at one look: its size, when it was last modified, and its bytes, read
 * once. An edit is applied only once two looks a {@link #SETTLE} apart saw the same file, so that a
 * file caught half-written is never taken for the edit.
 */
record FileLook(long size, FileTime modified, byte[] content) {

    /** How long an edit must stay as it is before it is applied. */
    static final Duration SETTLE = Duration.ofMillis(300);

    /** The file now, or null when it cannot be read right now (being replaced): looked at again later. */
    static FileLook of(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileLook(attributes.size(), attributes.lastModifiedTime(), Files.readAllBytes(file));
        } catch (IOException unreadable) {
            return null;
        }
    }

    /** Whether {@code earlier} saw the very same file: same size, same modification time, same bytes. */
    boolean unchangedSince(FileLook earlier) {
        return earlier != null && size == earlier.size && modified.equals(earlier.modified)
                && content.length == size && Arrays.equals(content, earlier.content);
    }

    boolean holds(byte[] bytes) {
        return Arrays.equals(content, bytes);
    }

    /** Whether the file was last modified at least a {@link #SETTLE} before {@code nowMillis}. */
    boolean settledAt(long nowMillis) {
        return nowMillis - modified.toMillis() >= SETTLE.toMillis();
    }
}
