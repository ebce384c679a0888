package io.llmfailover.runtime.resilience.throttle;

import io.llmfailover.runtime.contract.HttpHeaders;

/** Test shorthand: {@code Headers.of("retry-after", "2", "x-other", "v")}. */
final class Headers {

    private Headers() {}

    static HttpHeaders of(String... namesAndValues) {
        HttpHeaders.Builder builder = HttpHeaders.builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            builder.add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return builder.build();
    }
}
