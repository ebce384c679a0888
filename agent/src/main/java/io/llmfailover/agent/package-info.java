/**
 * The {@code -javaagent} entry point, {@link io.llmfailover.agent.AgentMain}, loaded by the system
 * class loader: it appends the agent jar to the bootstrap class loader's search path and hands over
 * to the installer loaded from there. It names nothing else of the agent or the runtime.
 */
package io.llmfailover.agent;
