package io.llmfailover.agent.bootstrap;

/**
 * Implemented by the {@code java.net.http} adapter, in a class loader that sees the JDK client.
 * Each method returns null when the call is not governed (the original method then runs), or the
 * outcome the app gets instead.
 */
public interface JdkHttpHook {

    HookOutcome send(Object client, Object request, Object bodyHandler);

    HookOutcome sendAsync(Object client, Object request, Object bodyHandler, Object pushPromiseHandler);
}
