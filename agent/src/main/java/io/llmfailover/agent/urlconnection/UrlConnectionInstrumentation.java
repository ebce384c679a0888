package io.llmfailover.agent.urlconnection;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientInstrumentation;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Hooks the JDK's {@code HttpURLConnection} implementation, which the https connection delegates
 * to as well; the https delegate's own {@code connect()} is hooked too.
 */
public final class UrlConnectionInstrumentation implements ClientInstrumentation {

    static final String HTTP_CONNECTION = "sun.net.www.protocol.http.HttpURLConnection";
    static final String HTTPS_DELEGATE = "sun.net.www.protocol.https.AbstractDelegateHttpsURLConnection";

    private static final String PACKAGE = "io.llmfailover.agent.urlconnection.";
    private static final String OUTCOME = PACKAGE + "UrlConnectionOutcomeAdvice";

    @Override
    public AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses) {
        return builder.type(named(HTTP_CONNECTION))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("getOutputStream").and(takesArguments(0)), PACKAGE + "UrlConnectionOutputAdvice", OUTCOME)
                        .advice(namedOneOf("getInputStream", "getErrorStream", "getHeaderFields").and(takesArguments(0))
                                        .or(namedOneOf("getHeaderField", "getHeaderFieldKey").and(takesArguments(1))),
                                PACKAGE + "UrlConnectionResponseAdvice", OUTCOME)
                        .advice(named("connect").and(takesArguments(0)), PACKAGE + "UrlConnectionConnectAdvice")
                        .advice(named("disconnect").and(takesArguments(0)), PACKAGE + "UrlConnectionDisconnectAdvice"))
                .type(named(HTTPS_DELEGATE))
                .transform(new AgentBuilder.Transformer.ForAdvice()
                        .include(adviceClasses)
                        .advice(named("connect").and(takesArguments(0)), PACKAGE + "UrlConnectionConnectAdvice"));
    }
}
