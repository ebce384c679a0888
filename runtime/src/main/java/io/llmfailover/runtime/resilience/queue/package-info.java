/**
 * The bounded queue where calls wait, first come first served, when every step of their chain is
 * silenced or over its limit ({@link io.llmfailover.runtime.resilience.queue.CallQueue},
 * {@code queue.max-wait}, {@code queue.max-length}). Depends on the config and the clock only.
 */
package io.llmfailover.runtime.resilience.queue;
