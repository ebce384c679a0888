package io.llmfailover.agent.client.awssdk;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.ArrayList;
import java.util.List;

/**
 * Hooks the AWS SDK for Java v2's own HTTP clients at the SDK's seam, below its retries, signing and
 * timeouts, which every call of a {@code BedrockRuntimeClient} or {@code BedrockRuntimeAsyncClient}
 * reaches once per SDK attempt: the async {@code NettyNioAsyncHttpClient.execute(AsyncExecuteRequest)}
 * (Converse, ConverseStream), and each sync client's {@code prepareRequest(HttpExecuteRequest)}
 * (Converse), whatever HTTP library it runs on.
 */
public final class AwsSdkInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.awssdk.AwsSdkAdapter";

    /**
     * The SDK's own HTTP clients: the default async one (Netty), and the sync ones (Apache 5, the
     * default since 2.3x, Apache 4, URLConnection). Their names are joined at run time: the agent
     * jar's shading relocates its own copy of the AWS SDK, and with it every string constant in
     * this class that names a class under {@code software.amazon.awssdk}.
     */
    private static final String HTTP = String.join(".", "software.amazon", "awssdk.http.");
    private static final String NETTY = HTTP + "nio.netty.NettyNioAsyncHttpClient";
    private static final List<String> SYNC = List.of(HTTP + "apache5.Apache5HttpClient", HTTP + "apache.ApacheHttpClient",
            HTTP + "urlconnection.UrlConnectionHttpClient");

    @Override
    public List<String> typeNames() {
        List<String> names = new ArrayList<>(SYNC);
        names.add(NETTY);
        return names;
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return typeName.equals(NETTY)
                ? List.of(MethodAdvice.of(named("execute").and(takesArguments(1)),
                        "io.llmfailover.agent.client.awssdk.AwsSdkExecuteAdvice"))
                : List.of(MethodAdvice.of(named("prepareRequest").and(takesArguments(1)),
                        "io.llmfailover.agent.client.awssdk.PrepareRequestAdvice"));
    }
}
