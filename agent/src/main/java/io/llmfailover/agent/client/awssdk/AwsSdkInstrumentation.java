package io.llmfailover.agent.client.awssdk;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static net.bytebuddy.matcher.ElementMatchers.takesArguments;

import io.llmfailover.agent.weaving.ClientModule;
import io.llmfailover.agent.weaving.MethodAdvice;
import java.util.List;

/**
 * Hooks the AWS SDK for Java v2's default async HTTP client, {@code NettyNioAsyncHttpClient}, at its
 * one entry, {@code execute(AsyncExecuteRequest)}: the SDK's seam below its own retries, signing and
 * timeouts, which every call of a {@code BedrockRuntimeAsyncClient} (Converse, ConverseStream)
 * reaches once per SDK attempt.
 */
public final class AwsSdkInstrumentation implements ClientModule {

    /** The client's adapter, which its advice hands every hook to through {@code ClientHooks}. */
    static final String ADAPTER = "io.llmfailover.agent.client.awssdk.AwsSdkAdapter";

    /**
     * Joined at run time: the agent jar's shading relocates its own copy of the AWS SDK, and with it
     * every string constant in this class that names a class under {@code software.amazon.awssdk}.
     */
    private static final String NETTY_CLIENT = String.join(".", "software.amazon", "awssdk.http.nio.netty.NettyNioAsyncHttpClient");

    @Override
    public List<String> typeNames() {
        return List.of(NETTY_CLIENT);
    }

    @Override
    public List<MethodAdvice> adviceFor(String typeName) {
        return List.of(MethodAdvice.of(named("execute").and(takesArguments(1)),
                "io.llmfailover.agent.client.awssdk.AwsSdkExecuteAdvice"));
    }
}
