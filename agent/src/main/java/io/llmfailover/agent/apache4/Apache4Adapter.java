package io.llmfailover.agent.apache4;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import java.util.function.Supplier;
import org.apache.http.impl.execchain.ClientExecChain;

/** The Apache HttpClient 4.x adapter's entry point. */
public final class Apache4Adapter implements ClientAdapter {

    private final Supplier<CallGovernor> governor;

    public Apache4Adapter() {
        this(AgentRuntime::governor);
    }

    Apache4Adapter(Supplier<CallGovernor> governor) {
        this.governor = governor;
    }

    /** The one hook: the protocol stage a builder decorated, to be wrapped in turn. */
    @Override
    public Object hook(String hook, Object builder, Object[] arguments) {
        Object protocolExec = arguments[0];
        return protocolExec == null ? null : decorateProtocolExec(protocolExec);
    }

    public Object decorateProtocolExec(Object protocolExec) {
        if (protocolExec instanceof FailoverExecChain) {
            return protocolExec;
        }
        return new FailoverExecChain((ClientExecChain) protocolExec, governor);
    }
}
