/**
 * The runtime's front door: {@link io.llmfailover.runtime.gateway.Gateway}, the
 * {@link io.llmfailover.runtime.contract.CallRunner} the agent runs calls with ("is this call
 * governed?", "run it": recognise the call, pick its route, hand it to the walk), and its start-up
 * ({@link io.llmfailover.runtime.gateway.GatewayBuilder}: state local or on the fleet, keys, quotas,
 * cache, drills, the operator's views), including what a reload carries over. The one runtime package
 * that assembles all the others; nothing in the runtime depends on it but the reloader.
 */
package io.llmfailover.runtime.gateway;
