package io.llmfailover.agent.weaving;

import io.llmfailover.runtime.time.AgentThread;
import java.util.List;

/**
 * Loads a client's hooked classes ahead, on a thread of its own, once the app has loaded one of the
 * client's classes: each is woven as it loads, there, rather than on the app's thread inside its
 * first call, where a class such as Reactor Netty's {@code HttpClientFinalizer} first loads (the
 * first weave, Byte Buddy's own classes included, takes 250-450 ms in a cold JVM). Loaded, never
 * initialised: none of the app's code runs sooner than it would.
 */
public final class HookedTypesAhead {

    private HookedTypesAhead() {}

    /** @param loader the loader of the client class the app loaded, which sees the client's other classes */
    public static void start(ClientModule client, ClassLoader loader) {
        AgentThread.daemon("llm-failover-load-ahead", () -> load(client.typeNames(), loader)).start();
    }

    /** @return how many of the classes are loaded; one missing from this version of the client is left out */
    static int load(List<String> typeNames, ClassLoader loader) {
        int loaded = 0;
        for (String typeName : typeNames) {
            try {
                Class.forName(typeName, false, loader);
                loaded++;
            } catch (ClassNotFoundException | LinkageError | RuntimeException absent) {
                // not in this version of the client: nothing is woven that the app could load
            }
        }
        return loaded;
    }
}
