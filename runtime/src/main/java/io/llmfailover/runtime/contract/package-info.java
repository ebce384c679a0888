/**
 * What the agent and the runtime exchange, and all an adapter of the agent may see of the runtime:
 * the neutral request ({@link io.llmfailover.runtime.contract.LlmRequest}) and response
 * ({@link io.llmfailover.runtime.contract.LlmResponse}), the {@link io.llmfailover.runtime.contract.Transport}
 * an adapter hands over ("send this attempt with the app's own client", one
 * {@link io.llmfailover.runtime.contract.AttemptRequest} at a time), the
 * {@link io.llmfailover.runtime.contract.Answer} it gets back, the one interface that runs a call
 * ({@link io.llmfailover.runtime.contract.CallRunner}, which the gateway implements), and the failures
 * that cross the line (the head deadline, the app's cancellation, the runtime's own failure before or
 * after sending). Names no HTTP client type. Depends on nothing else of the runtime but the clock.
 */
package io.llmfailover.runtime.contract;
