/**
 * Drills: faults injected into a share of a provider's attempts, on purpose, so that an operator
 * can rehearse an outage in staging ({@code drill.enabled}, {@code drill.<provider>.fault}).
 */
package io.llmfailover.runtime.operations.drill;
