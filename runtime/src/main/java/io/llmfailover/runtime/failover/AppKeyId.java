package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A non-secret name for the credential the app sent itself, so that each tenant of a multi-tenant
 * app has its own throttle: {@code app:} and the first 12 hex digits of the SHA-256 of the
 * credential headers (and Gemini's {@code ?key=}). Never the credential itself: the id shows up in
 * spans, logs and metrics. A request with no credential is plain {@code app}.
 */
final class AppKeyId {

    static final String NONE = "app";
    private static final int HEX_DIGITS = 12;
    /**
     * Credentials already hashed: a SHA-256 per call was the largest single cost of a pass-through
     * call. Bounded like the throttles it names ({@link KeyPool#MAX_APP_KEYS}); past it, hashed each time.
     */
    private static final int MAX_REMEMBERED = 4 * KeyPool.MAX_APP_KEYS;
    private static final ConcurrentMap<String, String> ID_BY_CREDENTIAL = new ConcurrentHashMap<>();

    private AppKeyId() {}

    static String of(LlmRequest request) {
        StringBuilder credential = new StringBuilder();
        HttpHeaders headers = request.headers();
        for (String name : Credentials.KEY_HEADERS) {
            for (String value : headers.all(name)) {
                credential.append(name.toLowerCase(Locale.ROOT)).append(':').append(value).append('\n');
            }
        }
        String query = request.uri().getRawQuery();
        if (query != null) {
            for (String parameter : query.split("&")) {
                if (parameter.startsWith("key=")) {
                    credential.append(parameter).append('\n');
                }
            }
        }
        return credential.length() == 0 ? NONE : idOf(credential.toString());
    }

    private static String idOf(String credential) {
        String id = ID_BY_CREDENTIAL.get(credential);
        if (id != null) {
            return id;
        }
        id = NONE + ":" + hash(credential);
        if (ID_BY_CREDENTIAL.size() < MAX_REMEMBERED) {
            ID_BY_CREDENTIAL.putIfAbsent(credential, id);
        }
        return id;
    }

    private static String hash(String credential) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(credential.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HEX_DIGITS);
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("every JVM has SHA-256", impossible);
        }
    }
}
