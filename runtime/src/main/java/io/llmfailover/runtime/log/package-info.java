/**
 * The runtime's own log lines that must not flood the app's log: an internal failure logged once
 * per place ({@link io.llmfailover.runtime.log.OnceLogger}), a repeated line summarised
 * ({@link io.llmfailover.runtime.log.RepeatSummary}), durations as an operator writes them.
 * Depends on the clock only.
 */
package io.llmfailover.runtime.log;
