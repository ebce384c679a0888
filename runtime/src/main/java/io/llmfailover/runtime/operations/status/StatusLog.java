package io.llmfailover.runtime.operations.status;

import io.llmfailover.runtime.time.Clock;
import io.llmfailover.runtime.time.Scheduler;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The status page in the log every {@code status.interval}, for as long as the JVM runs. */
public final class StatusLog {

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.status");

    private final ProviderStates states;
    private final long intervalNanos;
    private final Scheduler scheduler;
    private final Clock clock;
    private volatile boolean stopped;

    private StatusLog(ProviderStates states, Duration interval, Scheduler scheduler, Clock clock) {
        this.states = states;
        this.intervalNanos = interval.toNanos();
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /**
     * @param interval null for never (the default, {@code status.interval = off})
     * @return stops the logging
     */
    public static Runnable start(ProviderStates states, Duration interval, Scheduler scheduler, Clock clock) {
        if (interval == null) {
            return () -> {};
        }
        StatusLog log = new StatusLog(states, interval, scheduler, clock);
        log.scheduleNext();
        return () -> log.stopped = true;
    }

    private void scheduleNext() {
        scheduler.schedule(intervalNanos, this::logPage);
    }

    private void logPage() {
        if (stopped) {
            return;
        }
        try {
            LOG.info(StatusPage.render(states.all(), Instant.ofEpochMilli(clock.currentTimeMillis())));
        } catch (RuntimeException bug) {
            LOG.warn("llm-failover: the status page could not be written", bug);
        } finally {
            scheduleNext();
        }
    }
}
