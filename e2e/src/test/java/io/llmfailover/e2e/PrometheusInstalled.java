package io.llmfailover.e2e;

/** {@code @ExtendWith} on a test class that runs a real Prometheus server ({@link PrometheusServer}). */
final class PrometheusInstalled extends MachineRequirement {

    static final String MISSING = "prometheus is not on the PATH, and the dashboard's end-to-end test runs one:"
            + " apt-get install prometheus (or brew install prometheus)";

    PrometheusInstalled() {
        super(MISSING, () -> onPath("prometheus").isPresent());
    }
}
