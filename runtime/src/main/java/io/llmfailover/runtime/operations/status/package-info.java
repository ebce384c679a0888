/**
 * The operator's view of a running agent: each provider's breakers, throttles, silences and last
 * failure, as a one-page text status (in the log every {@code status.interval}) and as JMX MBeans,
 * with the breaker an operator may force open or closed. Keys never appear, only key ids.
 */
package io.llmfailover.runtime.operations.status;
