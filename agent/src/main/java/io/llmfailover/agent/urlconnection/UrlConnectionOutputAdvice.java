package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code getOutputStream()}: a governed connection gets a capped buffer and does not
 * connect. The fixed length the app announced is read here, from the fields of
 * {@code java.net.HttpURLConnection} that code in java.base may read; so is a request header the
 * JDK must not send (the agent's own) removed, before a streamed request's head goes out.
 */
final class UrlConnectionOutputAdvice {

    private UrlConnectionOutputAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(
            @Advice.This Object connection,
            @Advice.FieldValue("fixedContentLength") int fixedLength,
            @Advice.FieldValue("fixedContentLengthLong") long fixedLengthLong,
            @Advice.FieldValue("userHeaders") Object userHeaders,
            @Advice.FieldValue("requests") Object requests) throws Exception {
        String heldBack = AgentHooks.urlConnectionHeldBack(connection);
        if (heldBack != null) { // setRequestProperty keeps a header in both
            userHeaders.getClass().getMethod("remove", String.class).invoke(userHeaders, heldBack);
            requests.getClass().getMethod("remove", String.class).invoke(requests, heldBack);
        }
        return AgentHooks.urlConnectionOutput(connection, Math.max(fixedLength, fixedLengthLong));
    }
}
