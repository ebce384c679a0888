package io.llmfailover.agent.urlconnection;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.namedOneOf;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.ClientModule;
import io.llmfailover.agent.MethodAdvice;
import java.util.List;

/**
 * Hooks the JDK's {@code HttpURLConnection} implementation, which the https connection delegates
 * to as well; the https delegate's own {@code connect()} is hooked too.
 */
public final class UrlConnectionInstrumentation implements ClientModule {

    static final String HTTP_CONNECTION = "sun.net.www.protocol.http.HttpURLConnection";
    static final String HTTPS_DELEGATE = "sun.net.www.protocol.https.AbstractDelegateHttpsURLConnection";

    private static final String PACKAGE = "io.llmfailover.agent.urlconnection.";
    private static final String OUTCOME = PACKAGE + "UrlConnectionOutcomeAdvice";
    private static final String CONNECT = PACKAGE + "UrlConnectionConnectAdvice";

    @Override
    public List<String> typeNames() {
        return List.of(HTTP_CONNECTION, HTTPS_DELEGATE);
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        if (typeName.equals(HTTPS_DELEGATE)) {
            return List.of(MethodAdvice.of(named("connect").and(takesArguments(0)), CONNECT));
        }
        return List.of(
                MethodAdvice.of(named("getOutputStream").and(takesArguments(0)), PACKAGE + "UrlConnectionOutputAdvice", OUTCOME),
                MethodAdvice.of(namedOneOf("getInputStream", "getErrorStream", "getHeaderFields").and(takesArguments(0))
                                .or(namedOneOf("getHeaderField", "getHeaderFieldKey").and(takesArguments(1))),
                        PACKAGE + "UrlConnectionResponseAdvice", OUTCOME),
                MethodAdvice.of(named("connect").and(takesArguments(0)), CONNECT),
                MethodAdvice.of(named("disconnect").and(takesArguments(0)), PACKAGE + "UrlConnectionDisconnectAdvice"));
    }
}
