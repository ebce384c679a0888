package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined at the end of {@code decorateProtocolExec}: the builder goes on with our wrapper. */
final class ProtocolExecAdvice {

    private ProtocolExecAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(
            @Advice.This Object builder,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object protocolExec) {
        protocolExec = ClientHooks.call(Apache4Instrumentation.ADAPTER, "decorateProtocolExec", builder,
                new Object[] {protocolExec}, protocolExec);
    }
}
