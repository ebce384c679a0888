package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.bytecode.assign.Assigner;

/** Inlined at the end of a sync SDK HTTP client's {@code prepareRequest}: the SDK goes on with the agent's request, or its own. */
final class PrepareRequestAdvice {

    private PrepareRequestAdvice() {}

    @Advice.OnMethodExit(suppress = Throwable.class)
    static void exit(@Advice.This Object client, @Advice.Argument(0) Object request,
            @Advice.Return(readOnly = false, typing = Assigner.Typing.DYNAMIC) Object executable) {
        executable = ClientHooks.call(AwsSdkInstrumentation.ADAPTER, "prepareRequest", client,
                new Object[] {request, executable}, executable);
    }
}
