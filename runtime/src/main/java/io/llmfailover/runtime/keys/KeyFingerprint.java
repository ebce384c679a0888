package io.llmfailover.runtime.keys;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The non-secret name of a secret ({@code state.key-salt}): the first {@value #HEX_DIGITS} hex
 * digits of its HMAC-SHA-256 under the salt. The same key has the same name in every service and
 * every instance that share the salt, whatever its place in a key list; two keys never share one.
 *
 * <p>Why 16 digits (64 bits): two different credentials sharing a name would share a throttle, so
 * a collision must be negligible at any real count. Among a million credentials the chance that any
 * two collide is about 3 in 100 million (n² / 2⁶⁵); 12 digits would make it 1 in 600. Why keyed:
 * the bare hash of a key can be checked against a guess by anyone who reads a span or Redis; under
 * a private salt it cannot. The default salt is public, so with it a name is only as hard to invert
 * as the key is to guess, which for a provider's API key (over 128 random bits) is out of reach.
 */
public final class KeyFingerprint {

    /** The salt of a config that sets none: public, so set your own per fleet. */
    public static final String DEFAULT_SALT = "llm-failover key id v1";
    static final int HEX_DIGITS = 16;
    private static final String ALGORITHM = "HmacSHA256";

    private final SecretKeySpec salt;
    /** Initialised once; each fingerprint works on a clone, since a {@link Mac} is not thread-safe. */
    private final Mac prototype;

    private KeyFingerprint(SecretKeySpec salt, Mac prototype) {
        this.salt = salt;
        this.prototype = prototype;
    }

    /** @param salt {@code state.key-salt}, or {@link #DEFAULT_SALT} */
    public static KeyFingerprint salted(String salt) {
        SecretKeySpec key = new SecretKeySpec(salt.getBytes(StandardCharsets.UTF_8), ALGORITHM);
        return new KeyFingerprint(key, initialised(key));
    }

    /** {@value #HEX_DIGITS} lower-case hex digits naming {@code secret}. */
    public String of(String secret) {
        byte[] digest = mac().doFinal(secret.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest, 0, HEX_DIGITS / 2);
    }

    private Mac mac() {
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException notThisProvider) {
            return initialised(salt);
        }
    }

    private static Mac initialised(SecretKeySpec key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException impossible) {
            throw new IllegalStateException("every JVM has " + ALGORITHM, impossible);
        }
    }

    @Override
    public String toString() {
        return "KeyFingerprint[HMAC-SHA-256, salt not shown]";
    }
}
