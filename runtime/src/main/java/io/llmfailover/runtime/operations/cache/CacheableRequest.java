package io.llmfailover.runtime.operations.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmfailover.runtime.call.RecognizedCall;
import io.llmfailover.runtime.contract.Origin;
import io.llmfailover.runtime.protocol.translate.Json;
import io.llmfailover.runtime.protocol.translate.MalformedBodyException;
import io.llmfailover.runtime.protocol.translate.SourceRequest;
import java.net.URI;
import java.util.Optional;

/**
 * A governed call as the last-resort cache sees it: its key, and whether it carries tools.
 *
 * <p>The key covers who asks and where: the id of the app's credential ({@code app:<fingerprint>},
 * never the credential itself) and the addressed origin and path (scheme, host, port, and a path
 * that names an Azure resource's deployment or a gateway's route), so that one tenant's answer never
 * reaches another and two resources behind one host keep apart. Then the protocol and operation the
 * app used, the model, the stream flag and the query (already without credentials), so that a
 * stored answer replays byte for byte in the app's format; and the whole body written canonically,
 * so that field order and whitespace do not matter but every field does: model, messages, tools and
 * temperature, and also the system prompt, {@code max_tokens} or {@code user}.
 *
 * <p>A request that names state kept at the provider ({@link ProviderStateReference}) has no key:
 * it is never kept nor answered.
 *
 * @param carriesTools the body declares tools (or legacy {@code functions}) the model may call
 */
record CacheableRequest(CacheKey key, boolean carriesTools) {

    /**
     * Empty for a body that is not a JSON object (nothing to normalise) or that names provider-side
     * state: nothing cached.
     *
     * @param credentialId the id of the credential the app sent ({@code AppKeyId})
     */
    static Optional<CacheableRequest> of(RecognizedCall call, String credentialId) {
        ObjectNode body;
        try {
            body = Json.parseObject(call.source().body());
        } catch (MalformedBodyException notJson) {
            return Optional.empty();
        }
        if (ProviderStateReference.in(call.source().operation(), body) != null) {
            return Optional.empty();
        }
        return Optional.of(new CacheableRequest(CacheKey.of(normalised(call, credentialId, body)), carriesTools(body)));
    }

    private static String normalised(RecognizedCall call, String credentialId, ObjectNode body) {
        SourceRequest source = call.source();
        URI addressed = call.request().uri();
        return String.join("\n", credentialId, Origin.of(addressed).toString(), String.valueOf(addressed.getRawPath()),
                call.addressed().protocol().name(), source.operation().name(),
                String.valueOf(source.model()), String.valueOf(source.stream()), String.valueOf(source.query()),
                CanonicalJson.of(body));
    }

    private static boolean carriesTools(ObjectNode body) {
        return nonEmpty(body.get("tools")) || nonEmpty(body.get("functions"));
    }

    private static boolean nonEmpty(JsonNode node) {
        return node != null && !node.isNull() && !(node.isContainerNode() && node.isEmpty());
    }
}
