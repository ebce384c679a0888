package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A non-secret name for the credential the app sent itself, so that each tenant of a multi-tenant
 * app has its own throttle, queue line and cache entries: {@code app:} and the {@link
 * KeyFingerprint} of the credential headers (each one's lower-case name and value) and Gemini's
 * {@code ?key=}. Never the credential itself: the id shows up in spans, logs, metrics and Redis. A
 * request with no credential is plain {@code app}.
 *
 * <p>Ids already computed are remembered, so a call pays a map lookup rather than an HMAC; the
 * usual request, one credential header with one value, is looked up by that value without building
 * anything. Bounded like the throttles the ids name ({@link KeyPool#MAX_APP_KEYS}); past the bound
 * an id is computed each time.
 */
public final class AppKeyId {

    /** The id of a request that carries no credential. */
    public static final String NONE = "app";
    private static final String PREFIX = NONE + ":";
    private static final int MAX_REMEMBERED = 4 * KeyPool.MAX_APP_KEYS;
    private static final List<String> KEY_HEADERS = HttpHeaders.KEY_HEADERS.stream()
            .map(name -> name.toLowerCase(Locale.ROOT))
            .toList();

    private final KeyFingerprint fingerprint;
    /** By credential header (as in {@link #KEY_HEADERS}), the id of a request carrying only that header, once. */
    private final List<ConcurrentMap<String, String>> idBySoleHeaderValue = KEY_HEADERS.stream()
            .map(name -> (ConcurrentMap<String, String>) new ConcurrentHashMap<String, String>())
            .toList();
    /** Any other combination, by the text that is fingerprinted. */
    private final ConcurrentMap<String, String> idByCredential = new ConcurrentHashMap<>();

    public AppKeyId(KeyFingerprint fingerprint) {
        this.fingerprint = fingerprint;
    }

    /** The fingerprint the ids are made with, which names the providers' own keys too. */
    public KeyFingerprint fingerprint() {
        return fingerprint;
    }

    /** {@code app:<fingerprint>}, or {@link #NONE} for a request without a credential. */
    public String of(LlmRequest request) {
        String query = request.uri().getRawQuery();
        HttpHeaders headers = request.headers();
        int soleHeader = -1;
        int values = 0;
        for (int i = 0; i < KEY_HEADERS.size(); i++) {
            int count = headers.count(KEY_HEADERS.get(i));
            if (count > 0) {
                values += count;
                soleHeader = i;
            }
        }
        if (values == 1 && !hasKeyParameter(query)) {
            String value = headers.firstOrNull(KEY_HEADERS.get(soleHeader));
            String id = idBySoleHeaderValue.get(soleHeader).get(value);
            return id != null ? id : remember(idBySoleHeaderValue.get(soleHeader), value, credentialText(headers, query));
        }
        String credential = credentialText(headers, query);
        if (credential.isEmpty()) {
            return NONE;
        }
        String id = idByCredential.get(credential);
        return id != null ? id : remember(idByCredential, credential, credential);
    }

    /** What the id is the fingerprint of: each credential header's lower-case name and value, then any {@code key=} parameter. */
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

    private String remember(ConcurrentMap<String, String> ids, String key, String credential) {
        String id = PREFIX + fingerprint.of(credential);
        if (ids.size() < MAX_REMEMBERED) {
            ids.putIfAbsent(key, id);
        }
        return id;
    }
}
