package io.llmfailover.runtime.operations.cache;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The SHA-256 of a normalised request: two requests with the same key ask for the same answer in
 * the same wire format. Only a hash is kept, never the prompt or a credential.
 */
public record CacheKey(String sha256) {

    /** The key of {@code normalised}, a text that already says everything the answer depends on. */
    static CacheKey of(String normalised) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(normalised.getBytes(StandardCharsets.UTF_8));
            return new CacheKey(HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException absent) {
            throw new IllegalStateException("every JVM has SHA-256", absent);
        }
    }
}
