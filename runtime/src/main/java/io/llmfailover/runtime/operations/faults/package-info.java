/**
 * A test-only seam: faults injected inside the agent by the end-to-end fail-open tests, through
 * {@link io.llmfailover.runtime.operations.faults.InjectedFault}. Inert in production: with its system property
 * unset, each call site is a check of a constant false.
 */
package io.llmfailover.runtime.operations.faults;
