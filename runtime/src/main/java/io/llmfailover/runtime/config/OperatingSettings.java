package io.llmfailover.runtime.config;

import java.time.Duration;

/**
 * How the agent is operated while it runs: drills, the status page in the log, live reload.
 *
 * @param statusInterval {@code status.interval}: how often the status page is logged; null (the
 *     default, {@code off}) for never
 * @param reloadInterval {@code config.reload} (default 5s): how often the file is looked at for a
 *     change; null ({@code off}) for never
 * @param streamResume {@code stream.resume} (default false): a committed text stream that breaks is
 *     finished by the next provider of its chain
 */
public record OperatingSettings(DrillSettings drills, Duration statusInterval, Duration reloadInterval,
        boolean streamResume) {

    public static final Duration DEFAULT_RELOAD_INTERVAL = Duration.ofSeconds(5);
    public static final OperatingSettings DEFAULTS =
            new OperatingSettings(DrillSettings.OFF, null, DEFAULT_RELOAD_INTERVAL, false);

    public OperatingSettings {
        drills = drills == null ? DrillSettings.OFF : drills;
    }

    /** Settings that never reload and never resume a stream. */
    public OperatingSettings(DrillSettings drills, Duration statusInterval) {
        this(drills, statusInterval, null, false);
    }
}
