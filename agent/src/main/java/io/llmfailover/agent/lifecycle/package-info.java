/**
 * The one call lifecycle every client adapter runs, blocking or async: is the call governed, buffer
 * its body, run it through the runtime (on the app's thread or an agent's), fail open, hand the
 * answer back. Each adapter supplies a {@link io.llmfailover.agent.lifecycle.ClientBinding} with
 * what is its client's own. Like the bootstrap package, nothing here names an HTTP client type.
 */
package io.llmfailover.agent.lifecycle;
