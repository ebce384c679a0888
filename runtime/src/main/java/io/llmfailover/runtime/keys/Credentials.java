package io.llmfailover.runtime.keys;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.keys.identity.IdentityUnavailableException;
import io.llmfailover.runtime.keys.identity.ProviderIdentity;
import io.llmfailover.runtime.provider.KeyHeader;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Puts the right credential on an attempt. The app's own headers, its credential among them, only
 * ever go whole to the origin (scheme, host and port) the app addressed; another provider gets only
 * the app's headers known to be safe, and one of its own keys in its protocol's header.
 *
 * <p>Why an allowlist: apps send credentials under many names (proxy-authorization, gateway headers
 * such as Helicone-Auth, cf-aig-authorization, Ocp-Apim-Subscription-Key, tenant headers); no list
 * of credentials is ever complete, a list of what a fallback needs is short. Kept for another
 * provider: what describes the body and the answer wanted ({@code content-type}, {@code accept},
 * {@code accept-encoding}), the client's name ({@code user-agent}) and trace context
 * ({@code traceparent}, {@code tracestate}); for a provider of the same protocol also that
 * protocol's version and feature headers ({@code anthropic-version}, {@code anthropic-beta},
 * {@code openai-beta}) and the SDKs' own {@code x-stainless-*} and {@code x-goog-api-client}.
 * Everything else, {@code openai-organization} and any unknown header included, is dropped.
 *
 * <p>{@code idempotency-key} goes only with the app's own request: the provider and model it
 * addressed. It names that one request; any other step (another provider, another model of the same
 * provider, a hedge beside the first attempt, a stream's continuation) is another request, which a
 * provider that keeps idempotency keys would otherwise refuse or answer with the first one's result.
 */
public final class Credentials {

    /** Headers that carry the provider credential, replaced when an attempt uses a key of the pool. */
    private static final List<String> CREDENTIAL_HEADERS = List.of(
            "authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie",
            "openai-organization", "openai-project", "x-goog-user-project",
            "x-amz-date", "x-amz-security-token", "x-amz-content-sha256");

    /** App headers any provider may get. */
    private static final Set<String> SAFE_HEADERS = Set.of(
            "content-type", "accept", "accept-encoding", "user-agent", "traceparent", "tracestate");

    /** Names the app's one request: it goes with that request only. */
    public static final String IDEMPOTENCY_KEY = "idempotency-key";

    /** App headers a provider of the app's own protocol may get. */
    private static final Set<String> SAFE_SAME_PROTOCOL_HEADERS = Set.of(
            "anthropic-version", "anthropic-beta", "openai-beta", "x-goog-api-client");

    /** Prefixes of SDK headers a provider of the app's own protocol may get. */
    private static final List<String> SAFE_SAME_PROTOCOL_PREFIXES = List.of("x-stainless-");

    /** The headers a provider key is ever sent in, one per protocol (and Azure's {@code api-key}). */

    /** Transport headers the client sets again for the new request. */
    private static final List<String> HOP_HEADERS = List.of(
            "host", "content-length", "connection", "transfer-encoding", "keep-alive", "upgrade", "te", "expect");

    private Credentials() {}

    /**
     * The headers of an attempt.
     *
     * @param appHeaders the headers the app sent
     * @param toAddressedOrigin whether the attempt goes to the provider the app addressed, at the
     *     very origin (scheme, host, port) it addressed: only then do the app's headers go whole
     * @param appsOwnRequest whether the attempt asks that provider for the model the app asked for:
     *     only then does the app's {@code idempotency-key} go along
     * @param crossProtocol whether the attempt speaks another protocol than the app's
     * @param keyHeader the header the provider's own key goes in
     * @param key the provider's own key for this attempt, or null to keep the app's credential
     *     (which then only goes along when {@code toAddressedOrigin})
     * @param extra protocol headers the translation needs (e.g. {@code anthropic-version})
     */
    public static HttpHeaders forAttempt(HttpHeaders appHeaders, boolean toAddressedOrigin, boolean appsOwnRequest,
            boolean crossProtocol, KeyHeader keyHeader, String key, HttpHeaders extra) {
        HttpHeaders.Builder headers = toAddressedOrigin ? appHeaders.toBuilder() : safeHeaders(appHeaders, crossProtocol);
        HOP_HEADERS.forEach(headers::remove);
        headers.remove(RouteHeader.NAME);
        if (!appsOwnRequest) {
            headers.remove(IDEMPOTENCY_KEY);
        }
        if (key != null) {
            CREDENTIAL_HEADERS.forEach(headers::remove);
            headers.set(keyHeader.headerName(), keyHeader.valueFor(key));
        }
        extra.forEach(headers::set);
        return headers.build();
    }

    /**
     * The request authorised by a provider's cloud identity: its signature or token in place of any
     * credential the request carried.
     *
     * @param request the request exactly as it will be sent
     */
    public static LlmRequest authorized(LlmRequest request, ProviderIdentity identity) throws IdentityUnavailableException {
        Map<String, String> credential = identity.credentialFor(request);
        HttpHeaders.Builder headers = request.headers().toBuilder();
        CREDENTIAL_HEADERS.forEach(headers::remove);
        credential.forEach(headers::set);
        return request.withHeaders(headers.build());
    }

    /** Whether an app header may go to a provider other than the one the app addressed. */
    static boolean isSafeForAnotherProvider(String name, boolean crossProtocol) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (SAFE_HEADERS.contains(lower)) {
            // A translated answer is read by the runtime, which does not decode compressed bodies.
            return !(crossProtocol && lower.equals("accept-encoding"));
        }
        if (crossProtocol) {
            return false;
        }
        return SAFE_SAME_PROTOCOL_HEADERS.contains(lower) || startsWithASafePrefix(lower);
    }

    private static boolean startsWithASafePrefix(String lowerCaseName) {
        for (String prefix : SAFE_SAME_PROTOCOL_PREFIXES) {
            if (lowerCaseName.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static HttpHeaders.Builder safeHeaders(HttpHeaders appHeaders, boolean crossProtocol) {
        HttpHeaders.Builder safe = HttpHeaders.builder();
        appHeaders.forEach((name, value) -> {
            if (isSafeForAnotherProvider(name, crossProtocol)) {
                safe.add(name, value);
            }
        });
        return safe;
    }
}
