/**
 * The agent's face towards instrumented code. These classes are loaded by the bootstrap class
 * loader (the agent jar is appended to its search path), so inlined advice in any class loader or
 * module can call them: {@link io.llmfailover.agent.bootstrap.ClientHooks}, the one entry point
 * that hands a hook to a client's adapter by name, and {@link io.llmfailover.agent.bootstrap.AgentHooks},
 * the typed ones kept for the JDK client, OkHttp and HttpURLConnection. Nothing here may name an HTTP
 * client type, nor import the agent's other packages: client types are only visible to the adapter
 * packages, which are defined per client class loader.
 */
package io.llmfailover.agent.bootstrap;
