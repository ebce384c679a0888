package io.llmfailover.agent.weaving;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The classes the agent instruments, by exact name, each with the client module that hooks it
 * ({@link ClientModules}, read once as the agent starts): every other class loads untouched, and is
 * never parsed. Needs no Byte Buddy, so that the agent can look at every class as it loads before
 * Byte Buddy is set up.
 */
public final class InstrumentedTypes {

    private static final List<ClientModule> CLIENTS = ClientModules.load();

    /** Keyed by class file name ({@code okhttp3/OkHttpClient$Builder}), as a transformer is told it. */
    private static final Map<String, ClientModule> BY_CLASS_FILE = byClassFile(false);
    /** Those and the client classes an app loads as it builds its client, each with its client's instrumentation. */
    private static final Map<String, ClientModule> LIBRARY_BY_CLASS_FILE = byClassFile(true);

    private InstrumentedTypes() {}

    private static Map<String, ClientModule> byClassFile(boolean withEntryTypes) {
        Map<String, ClientModule> byName = new HashMap<>();
        for (ClientModule client : CLIENTS) {
            for (String typeName : client.typeNames()) {
                byName.put(typeName.replace('.', '/'), client);
            }
            for (String typeName : withEntryTypes ? client.entryTypeNames() : List.<String>of()) {
                byName.put(typeName.replace('.', '/'), client);
            }
        }
        return Map.copyOf(byName);
    }

    static List<ClientModule> clients() {
        return CLIENTS;
    }

    /** @param className a class file name, {@code jdk/internal/net/http/HttpClientImpl}; null for a hidden class */
    static boolean containsClassFile(String className) {
        return className != null && BY_CLASS_FILE.containsKey(className);
    }

    /** @param className a class name, {@code jdk.internal.net.http.HttpClientImpl} */
    public static boolean containsClass(String className) {
        return containsClassFile(className.replace('.', '/'));
    }

    /**
     * The instrumentation of the client a class belongs to, when it is hooked or one of the client's
     * {@link ClientModule#entryTypeNames()}; null for any other class.
     */
    static ClientModule libraryOf(String classFileName) {
        return classFileName == null ? null : LIBRARY_BY_CLASS_FILE.get(classFileName);
    }

    /** The instrumentation hooking a class, or null when the agent leaves it alone. */
    static ClientModule instrumentationOf(String classFileName) {
        return classFileName == null ? null : BY_CLASS_FILE.get(classFileName);
    }
}
