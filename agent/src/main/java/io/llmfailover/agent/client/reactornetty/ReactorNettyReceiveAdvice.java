package io.llmfailover.agent.client.reactornetty;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined at the end of each terminal operation of {@code HttpClientFinalizer}: swaps in the governed publisher. */
final class ReactorNettyReceiveAdvice {

    private ReactorNettyReceiveAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(
            @Advice.This Object receiver,
            @Advice.Origin("#m") String operation,
            @Advice.AllArguments Object[] arguments,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object returned) {
        returned = ClientHooks.call(ReactorNettyInstrumentation.ADAPTER, operation, receiver,
                new Object[] {returned, arguments}, returned);
    }
}
