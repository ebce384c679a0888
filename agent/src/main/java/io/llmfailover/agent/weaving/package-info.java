/**
 * How client classes get their hooks. Each client folder has one
 * {@link io.llmfailover.agent.weaving.ClientModule} (its {@code XxxInstrumentation}), listed at build
 * time in the agent jar and read by {@link io.llmfailover.agent.weaving.ClientModules}; the classes
 * they name are woven as they load, by exact name, nothing else parsed: by
 * {@link io.llmfailover.agent.weaving.HookWeaver} with ASM alone for {@link io.llmfailover.agent.weaving.Hook}s
 * ({@link io.llmfailover.agent.weaving.OutcomeHook}, {@link io.llmfailover.agent.weaving.ReceiverHook}),
 * or by Byte Buddy for {@link io.llmfailover.agent.weaving.MethodAdvice}, set up only when the first
 * class with advice loads. Client classes, hooks and advice are named by string only. Depends on the
 * bootstrap and the runtime's clock and threads; never on a client folder or the lifecycle.
 */
package io.llmfailover.agent.weaving;
