/**
 * The agent's face towards instrumented code. These classes are loaded by the bootstrap class
 * loader (the agent jar is appended to its search path), so inlined advice in any class loader or
 * module can call them. Nothing here may name an HTTP client type: client types are only visible
 * to the adapter packages, which are defined per client class loader.
 */
package io.llmfailover.agent.bootstrap;
