// PLACEHOLDER until the real implementation is merged; do not build on its behaviour.
package io.llmfailover.runtime.throttle;
import io.llmfailover.runtime.http.HttpHeaders;
public final class RetryAfter { public static boolean isPresent(HttpHeaders h) { return h.contains("retry-after") || h.contains("retry-after-ms"); } }
