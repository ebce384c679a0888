/**
 * What an answer says about itself (the model that answered, token usage, why it stopped), read from
 * its bytes as they pass to the app, JSON or SSE, in bounded memory and without a parser
 * ({@link io.llmfailover.runtime.telemetry.usage.UsageScanner}). Never throws: a body it cannot read
 * yields fewer facts. Used by telemetry and by the quotas, which settle a charge on the real usage.
 * Depends on the contract and the protocol packages only.
 */
package io.llmfailover.runtime.telemetry.usage;
