package io.llmfailover.agent.client.apache5;

import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.apache.hc.client5.http.impl.ChainElement;
import org.apache.hc.client5.http.impl.async.HttpAsyncClientBuilder;
import org.apache.hc.client5.http.impl.classic.HttpClientBuilder;

/** The Apache HttpClient 5 adapter's entry point: one exec handler per builder (classic or async), however often it builds. */
public final class Apache5Adapter implements ClientAdapter {

    static final String HANDLER_NAME = "llm-failover";

    private final Supplier<CallRunner> governor;
    private final Set<Object> decorated = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    public Apache5Adapter() {
        this(InstalledRunner::governor);
    }

    Apache5Adapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /** {@code classicBuilding} or {@code asyncBuilding}: a builder about to build. */
    @Override
    public Object hook(String hook, Object builder, Object[] arguments) {
        if (hook.equals("asyncBuilding")) {
            asyncBuilding(builder);
        } else {
            classicBuilding(builder);
        }
        return null;
    }

    public void classicBuilding(Object builder) {
        if (decorated.add(builder)) {
            ((HttpClientBuilder) builder).addExecInterceptorBefore(
                    ChainElement.PROTOCOL.name(), HANDLER_NAME, new FailoverExecHandler(governor));
        }
    }

    public void asyncBuilding(Object builder) {
        if (decorated.add(builder)) {
            ((HttpAsyncClientBuilder) builder).addExecInterceptorBefore(
                    ChainElement.PROTOCOL.name(), HANDLER_NAME, new FailoverAsyncExecHandler(governor));
        }
    }
}
