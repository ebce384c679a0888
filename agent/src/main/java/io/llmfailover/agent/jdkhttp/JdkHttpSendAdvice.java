package io.llmfailover.agent.jdkhttp;

import io.llmfailover.agent.bootstrap.AgentHooks;
import io.llmfailover.agent.bootstrap.Outcome;
import net.bytebuddy.asm.Advice;

/** Inlined into {@code HttpClient.send(request, handler)}: a governed call skips the original body. */
final class JdkHttpSendAdvice {

    private JdkHttpSendAdvice() {}

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class, suppress = Throwable.class)
    static Outcome enter(@Advice.This Object client, @Advice.Argument(0) Object request, @Advice.Argument(1) Object handler) {
        return AgentHooks.jdkSend(client, request, handler);
    }
}
