package io.llmfailover.agent;

import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.dynamic.ClassFileLocator;

/**
 * Where one HTTP client is hooked: which types and which advice. Implementations name client
 * types and advice classes by string only, so they load without the client being present.
 */
public interface ClientInstrumentation {

    /**
     * @param adviceClasses where the advice class files are read from (never loaded as classes)
     */
    AgentBuilder applyTo(AgentBuilder builder, ClassFileLocator adviceClasses);
}
