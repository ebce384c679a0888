package io.llmfailover.agent.client.jetty;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks Jetty 12's {@code HttpRequest}: {@code sendAsync(destination, listener)}, the one method every
 * send through a destination reaches ({@code send()}, {@code send(listener)}, a destination's
 * {@code send}, a redirect or an authentication retry), and {@code abort(cause)}, how the app gives up.
 */
public final class JettyInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.jetty.JettyAdapter";

    @Override
    public List<String> typeNames() {
        return List.of("org.eclipse.jetty.client.transport.HttpRequest");
    }

    /** Loaded by {@code new HttpClient()}; the hooked class, only by the first call. */
    @Override
    public List<String> entryTypeNames() {
        return List.of("org.eclipse.jetty.client.HttpClient");
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(
                MethodAdvice.of(named("sendAsync").and(takesArguments(2)), "io.llmfailover.agent.client.jetty.JettySendAdvice"),
                MethodAdvice.of(named("abort").and(takesArguments(1)), "io.llmfailover.agent.client.jetty.JettyAbortAdvice"));
    }
}
