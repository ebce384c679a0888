package io.llmfailover.runtime.failover;

import io.llmfailover.runtime.http.HttpHeaders;
import io.llmfailover.runtime.provider.Protocol;
import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Puts the right credential on an attempt. The app's own credential only ever goes to the host the
 * app addressed; a provider with keys of its own gets one of those, in its protocol's header.
 */
public final class Credentials {

    /** Headers that carry a credential or an account identity, in any provider's protocol. */
    private static final List<String> CREDENTIAL_HEADERS = List.of(
            "authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie",
            "openai-organization", "openai-project", "x-goog-user-project");

    /** Headers that only make sense in one protocol's dialect. */
    private static final List<String> PROTOCOL_PREFIXES = List.of("anthropic-", "openai-", "x-goog-", "x-stainless-");

    /** The headers a provider key is ever sent in, one per protocol (and Azure's {@code api-key}). */
    public static final List<String> KEY_HEADERS = List.of("Authorization", "x-api-key", "x-goog-api-key", "api-key");

    /** Transport headers the client sets again for the new request. */
    private static final List<String> HOP_HEADERS = List.of(
            "host", "content-length", "connection", "transfer-encoding", "keep-alive", "upgrade", "te", "expect");

    private Credentials() {}

    /**
     * The headers of an attempt.
     *
     * @param appHeaders the headers the app sent
     * @param sameHostAsApp whether the attempt goes to the host the app addressed
     * @param crossProtocol whether the attempt speaks another protocol than the app's
     * @param key the provider's own key for this attempt, or null to keep the app's credential
     *     (only allowed when {@code sameHostAsApp})
     * @param extra protocol headers the translation needs (e.g. {@code anthropic-version})
     */
    public static HttpHeaders forAttempt(HttpHeaders appHeaders, boolean sameHostAsApp, boolean crossProtocol,
            Protocol protocol, URI baseUrl, String key, HttpHeaders extra) {
        HttpHeaders.Builder headers = appHeaders.toBuilder();
        HOP_HEADERS.forEach(headers::remove);
        if (key != null || !sameHostAsApp) {
            CREDENTIAL_HEADERS.forEach(headers::remove);
        }
        if (crossProtocol) {
            removeProtocolHeaders(appHeaders, headers);
            headers.remove("accept-encoding");
        }
        if (key != null) {
            headers.set(headerName(protocol, baseUrl), headerValue(protocol, baseUrl, key));
        }
        extra.forEach(headers::set);
        return headers.build();
    }

    private static void removeProtocolHeaders(HttpHeaders appHeaders, HttpHeaders.Builder headers) {
        appHeaders.forEach((name, value) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            for (String prefix : PROTOCOL_PREFIXES) {
                if (lower.startsWith(prefix)) {
                    headers.remove(name);
                }
            }
        });
    }

    private static String headerName(Protocol protocol, URI baseUrl) {
        return switch (protocol) {
            case OPENAI -> isAzure(baseUrl) ? "api-key" : "Authorization";
            case ANTHROPIC -> "x-api-key";
            case GEMINI -> "x-goog-api-key";
        };
    }

    private static String headerValue(Protocol protocol, URI baseUrl, String key) {
        return protocol == Protocol.OPENAI && !isAzure(baseUrl) ? "Bearer " + key : key;
    }

    private static boolean isAzure(URI baseUrl) {
        String host = baseUrl.getHost();
        return host != null && host.endsWith(".openai.azure.com");
    }
}
