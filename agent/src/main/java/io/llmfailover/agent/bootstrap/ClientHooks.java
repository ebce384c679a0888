package io.llmfailover.agent.bootstrap;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The one entry point that advice inlined into client classes calls, for every client without a
 * typed one in {@link AgentHooks}: it finds the client's adapter by name, made once per client class
 * in that class's loader, and hands it the hook. Catches everything: whatever goes wrong in the
 * agent, the app's call goes ahead as if the agent were absent.
 */
public final class ClientHooks {

    /** Keyed by the adapter's class name: one entry per client in use, made as its first hook runs. */
    private static final ConcurrentMap<String, ClassValue<ClientAdapter>> ADAPTERS = new ConcurrentHashMap<>();

    private ClientHooks() {}

    /**
     * Hands a hook to a client's adapter.
     *
     * @param adapter the adapter's binary name ({@code io.llmfailover.agent.client.ktor.KtorAdapter}), a
     *     {@link ClientAdapter} in the client's folder, defined in the loader of the receiver's class
     * @param receiver the client object the hooked method runs on, or, for a static method, a class of the client's
     * @param otherwise what the advice gets when the adapter cannot be made or fails: what lets the
     *     app's call go ahead untouched
     * @return the adapter's answer ({@link ClientAdapter#hook}), or {@code otherwise}
     */
    public static Object call(String adapter, String hook, Object receiver, Object[] arguments, Object otherwise) {
        try {
            Class<?> clientType = receiver instanceof Class<?> type ? type : receiver.getClass();
            ClientAdapter client = adapterNamed(adapter).get(clientType);
            return client == null ? otherwise : client.hook(hook, receiver, arguments);
        } catch (Throwable t) {
            FailureLog.once(adapter + "." + hook, t);
            return otherwise;
        }
    }

    private static ClassValue<ClientAdapter> adapterNamed(String adapter) {
        ClassValue<ClientAdapter> adapters = ADAPTERS.get(adapter);
        return adapters != null ? adapters
                : ADAPTERS.computeIfAbsent(adapter, name -> new AdapterValue<>(ClientAdapter.class, name));
    }
}
