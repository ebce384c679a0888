package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.Hook;
import io.llmfailover.agent.weaving.OutcomeHook;
import io.llmfailover.agent.weaving.ReceiverHook;
import java.util.List;

/**
 * Hooks the JDK's {@code HttpURLConnection} implementation, which the https connection delegates
 * to as well; the https delegate's own {@code connect()} is hooked too. With ASM alone: weaving it
 * with Byte Buddy's advice took a cold JVM about 180 ms, inside the app's first call. The hooks read
 * the connection's private state (the app's request headers, its fixed length, its proxy) by
 * reflection, in the packages opened to them.
 */
public final class UrlConnectionInstrumentation implements ClientModule {

    static final String HTTP_CONNECTION = "sun.net.www.protocol.http.HttpURLConnection";
    static final String HTTPS_DELEGATE = "sun.net.www.protocol.https.AbstractDelegateHttpsURLConnection";

    private static final OutcomeHook CONNECT = OutcomeHook.agentHook("connect", 0, 0, "urlConnectionConnect");

    private static final List<Hook> CONNECTION_HOOKS = List.of(
            OutcomeHook.agentHook("getOutputStream", 0, 0, "urlConnectionOutput"),
            accessor("getInputStream", 0),
            accessor("getErrorStream", 0),
            accessor("getHeaderFields", 0),
            accessor("getHeaderField", 1), // by name and by index
            accessor("getHeaderFieldKey", 1),
            CONNECT,
            ReceiverHook.entering("disconnect", 0, "urlConnectionDisconnected"));

    /** The app's class that casts to them loads before its first call, which loads the JDK's own classes. */
    @Override
    public List<String> referencedTypeNames() {
        return List.of("java.net.HttpURLConnection", "javax.net.ssl.HttpsURLConnection");
    }

    @Override
    public List<String> typeNames() {
        return List.of(HTTP_CONNECTION, HTTPS_DELEGATE);
    }

    @Override
    public List<Hook> hooksFor(String typeName) {
        return typeName.equals(HTTPS_DELEGATE) ? List.of(CONNECT) : CONNECTION_HOOKS;
    }

    @Override
    public List<String> packagesOpenedToHooks() {
        return List.of("java.net", "sun.net.www", "sun.net.www.protocol.http");
    }

    /**
     * A response accessor taking {@code arguments}: one hook for all, told which, with its one
     * argument or null (none of them is overloaded with another count).
     */
    private static OutcomeHook accessor(String name, int arguments) {
        return OutcomeHook.agentHook(name, arguments, 1, "urlConnectionResponse").passingMethodName();
    }
}
