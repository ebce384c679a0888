package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;

/**
 * Inlined into both {@code HttpClient.sendAsync} overloads (with and without a push promise
 * handler): a governed call skips the original body.
 */
final class JdkHttpSendAsyncAdvice {

    private JdkHttpSendAsyncAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(@Advice.This Object client, @Advice.AllArguments Object[] arguments) {
        Object pushPromiseHandler = arguments.length > 2 ? arguments[2] : null;
        return AgentHooks.jdkSendAsync(client, arguments[0], arguments[1], pushPromiseHandler);
    }
}
