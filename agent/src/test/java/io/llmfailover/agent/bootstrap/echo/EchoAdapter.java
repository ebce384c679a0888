package io.llmfailover.agent.bootstrap.echo;

import io.llmfailover.agent.bootstrap.ClientAdapter;

/** A client's adapter for {@code ClientHooksTest}: answers with what it was given, or fails when asked to. */
public final class EchoAdapter implements ClientAdapter {

    @Override
    public Object hook(String hook, Object receiver, Object[] arguments) {
        if (hook.equals("fail")) {
            throw new IllegalStateException("failing as asked");
        }
        return hook + ":" + arguments[0] + ":" + getClass().getClassLoader().getName();
    }
}
