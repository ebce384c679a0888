package io.llmfailover.agent;

import io.llmfailover.agent.bootstrap.FailureLog;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.utility.JavaModule;

/** Logs a class the agent failed to instrument, once per class name; the class stays as it was. */
final class TransformationFailureLog extends AgentBuilder.Listener.Adapter {

    @Override
    public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded, Throwable throwable) {
        FailureLog.once("instrumenting " + typeName, throwable);
    }
}
