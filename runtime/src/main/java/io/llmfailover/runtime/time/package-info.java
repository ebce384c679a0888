/**
 * The one source of time ({@link io.llmfailover.runtime.time.Clock}) and the runtime's timer
 * ({@link io.llmfailover.runtime.time.Scheduler}), with their virtual counterparts for tests
 * ({@link io.llmfailover.runtime.time.ManualClock}, {@link io.llmfailover.runtime.time.ManualScheduler}),
 * so that every timing rule is tested without sleeping; and the agent's own threads and their task
 * cap. Depends on nothing else of the runtime.
 */
package io.llmfailover.runtime.time;
