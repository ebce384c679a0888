package io.llmfailover.agent.apache4;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.Apache4Hook;
import io.llmfailover.agent.bootstrap.CallGovernor;
import java.util.function.Supplier;
import org.apache.http.impl.execchain.ClientExecChain;

/** The Apache HttpClient 4.x adapter's entry point. */
public final class Apache4Adapter implements Apache4Hook {

    private final Supplier<CallGovernor> governor;

    public Apache4Adapter() {
        this(AgentRuntime::governor);
    }

    Apache4Adapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    @Override
    public Object decorateProtocolExec(Object protocolExec) {
        if (protocolExec instanceof FailoverExecChain) {
            return protocolExec;
        }
        return new FailoverExecChain((ClientExecChain) protocolExec, governor);
    }
}
