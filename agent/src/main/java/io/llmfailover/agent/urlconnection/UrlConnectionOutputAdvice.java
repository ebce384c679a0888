package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into {@code getOutputStream()}: a governed connection gets a capped buffer and does not
 * connect. The fixed length the app announced is read here, from the fields of
 * {@code java.net.HttpURLConnection} that code in java.base may read.
 */
final class UrlConnectionOutputAdvice {

    private UrlConnectionOutputAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(
            @Advice.This Object connection,
            @Advice.FieldValue("fixedContentLength") int fixedLength,
            @Advice.FieldValue("fixedContentLengthLong") long fixedLengthLong) {
        return AgentHooks.urlConnectionOutput(connection, Math.max(fixedLength, fixedLengthLong));
    }
}
