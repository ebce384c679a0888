/**
 * Starts the agent ({@link io.llmfailover.agent.installer.AgentInstaller}): reads and checks the
 * agent arguments and the config, sets up the agent's own log, installs the weaving's transformer,
 * and leaves the gateway, its telemetry and its config watch
 * ({@link io.llmfailover.agent.installer.GatewayAssembly}) to be built when first needed, through
 * the bootstrap's {@link io.llmfailover.agent.bootstrap.InstalledRunner}. It sees the runtime's gateway
 * and what starts with it (config, reload, status, telemetry); no client adapter may see it.
 */
package io.llmfailover.agent.installer;
