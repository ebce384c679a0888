package io.llmfailover.agent.urlconnection;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import java.util.List;
import java.util.Map;
import net.bytebuddy.asm.Advice;

/** Inlined into the response accessors: a governed connection answers from the governed call. */
final class UrlConnectionResponseAdvice {

    private UrlConnectionResponseAdvice() {}

    @SuppressWarnings("unchecked")
    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(
            @Advice.This Object connection,
            @Advice.Origin("#m") String accessor,
            @Advice.AllArguments Object[] arguments,
            @Advice.FieldValue("userHeaders") Object userHeaders,
            @Advice.FieldValue("requests") Object requests,
            @Advice.FieldValue("instProxy") Object proxy) throws Exception {
        Map<String, List<String>> requestHeaders = null;
        if (AgentHooks.urlConnectionAwaitsCall(connection)) {
            // getRequestProperties() hides Authorization; this code runs inside java.base, which may read it.
            requestHeaders = (Map<String, List<String>>) userHeaders.getClass().getMethod("getHeaders").invoke(userHeaders);
        }
        String heldBack = AgentHooks.urlConnectionHeldBack(connection);
        if (heldBack != null) { // setRequestProperty keeps a header in both
            userHeaders.getClass().getMethod("remove", String.class).invoke(userHeaders, heldBack);
            requests.getClass().getMethod("remove", String.class).invoke(requests, heldBack);
        }
        return AgentHooks.urlConnectionResponse(connection, accessor, arguments, requestHeaders, proxy);
    }
}
