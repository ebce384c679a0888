package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * How the agent is operated while it runs: drills, and the status page in the log.
 *
 * @param statusInterval {@code status.interval}: how often the status page is logged; null (the
 *     default, {@code off}) for never
 */
public record OperatingSettings(DrillSettings drills, Duration statusInterval) {

    public static final OperatingSettings DEFAULTS = new OperatingSettings(DrillSettings.OFF, null);

    public OperatingSettings {
        drills = drills == null ? DrillSettings.OFF : drills;
    }
}
