package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.http.LlmRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A non-secret name for the credential the app sent itself, so that each tenant of a multi-tenant
 * app has its own throttle: {@code app:} and the first 12 hex digits of the SHA-256 of the
 * credential headers (and Gemini's {@code ?key=}). Never the credential itself: the id shows up in
 * spans, logs and metrics. A request with no credential is plain {@code app}.
 *
 * <p>Ids already computed are remembered, so a call pays a map lookup rather than a SHA-256; the
 * usual request, one credential header with one value, is looked up by that value without building
 * anything. Bounded like the throttles the ids name ({@link KeyPool#MAX_APP_KEYS}); past the bound
 * an id is hashed each time.
 */
final class AppKeyId {

    static final String NONE = "app";
    private static final int HEX_DIGITS = 12;
    private static final int MAX_REMEMBERED = 4 * KeyPool.MAX_APP_KEYS;
    private static final List<String> KEY_HEADERS = Credentials.KEY_HEADERS.stream()
            .map(name -> name.toLowerCase(Locale.ROOT))
            .toList();

    /** By credential header (as in {@link #KEY_HEADERS}), the id of a request carrying only that header, once. */
    private static final List<ConcurrentMap<String, String>> ID_BY_SOLE_HEADER_VALUE = KEY_HEADERS.stream()
            .map(name -> (ConcurrentMap<String, String>) new ConcurrentHashMap<String, String>())
            .toList();
    /** Any other combination, by the text that is hashed. */
    private static final ConcurrentMap<String, String> ID_BY_CREDENTIAL = new ConcurrentHashMap<>();

    private AppKeyId() {}

    static String of(LlmRequest request) {
        String query = request.uri().getRawQuery();
        HttpHeaders headers = request.headers();
        int soleHeader = -1;
        int values = 0;
        for (int i = 0; i < KEY_HEADERS.size(); i++) {
            int count = headers.all(KEY_HEADERS.get(i)).size();
            if (count > 0) {
                values += count;
                soleHeader = i;
            }
        }
        if (values == 1 && !hasKeyParameter(query)) {
            String value = headers.all(KEY_HEADERS.get(soleHeader)).get(0);
            String id = ID_BY_SOLE_HEADER_VALUE.get(soleHeader).get(value);
            return id != null ? id : remember(ID_BY_SOLE_HEADER_VALUE.get(soleHeader), value, credentialText(headers, query));
        }
        String credential = credentialText(headers, query);
        if (credential.isEmpty()) {
            return NONE;
        }
        String id = ID_BY_CREDENTIAL.get(credential);
        return id != null ? id : remember(ID_BY_CREDENTIAL, credential, credential);
    }

    /** What the id is the hash of: each credential header's lower-case name and value, then any {@code key=} parameter. */
    private static String credentialText(HttpHeaders headers, String query) {
        StringBuilder credential = new StringBuilder();
        for (String name : KEY_HEADERS) {
            for (String value : headers.all(name)) {
                credential.append(name).append(':').append(value).append('\n');
            }
        }
        if (query != null) {
            for (String parameter : query.split("&")) {
                if (parameter.startsWith("key=")) {
                    credential.append(parameter).append('\n');
                }
            }
        }
        return credential.toString();
    }

    private static boolean hasKeyParameter(String query) {
        return query != null && (query.startsWith("key=") || query.contains("&key="));
    }

    private static String remember(ConcurrentMap<String, String> ids, String key, String credential) {
        String id = NONE + ":" + hash(credential);
        if (ids.size() < MAX_REMEMBERED) {
            ids.putIfAbsent(key, id);
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
