package io.llmfailover.agent.client.apache4;

import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.function.Supplier;
import org.apache.http.impl.execchain.ClientExecChain;

/** The Apache HttpClient 4.x adapter's entry point. */
public final class Apache4Adapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;

    public Apache4Adapter() {
        this(InstalledRunner::governor);
    }

    Apache4Adapter(Supplier<CallRunner> governor) {
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
