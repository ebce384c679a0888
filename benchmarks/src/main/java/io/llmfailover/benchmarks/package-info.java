/**
 * JMH benchmarks of the runtime's hot paths (breaker, throttle, route matching, header parsing,
 * translation, a whole governed pass-through call), run as {@code benchmarks/target/benchmarks.jar}.
 */
package io.llmfailover.benchmarks;
