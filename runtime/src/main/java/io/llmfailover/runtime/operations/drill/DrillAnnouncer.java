package io.llmfailover.runtime.operations.drill;

import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.config.DrillSettings;
import io.llmfailover.runtime.time.Scheduler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says loudly that a drill is on: once at start, then every minute for as long as it runs, with how
 * many attempts each fault took over, so that nobody forgets a drill in production. A refused one
 * (its fault written without {@code drill.enabled = true}) is said once, at start.
 */
public final class DrillAnnouncer {

    static final Duration REMINDER = Duration.ofMinutes(1);
    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.drill");

    private final String faults;
    private final Scheduler scheduler;
    private final DrillCount count;
    private volatile boolean stopped;

    private DrillAnnouncer(String faults, Scheduler scheduler, DrillCount count) {
        this.faults = faults;
        this.scheduler = scheduler;
        this.count = count;
    }

    /**
     * Announces the drill (or the refusal), and schedules the reminders while one is on.
     *
     * @return stops the reminders: the drill ended (a reload turned it off or changed it)
     */
    public static Runnable start(DrillSettings settings, Scheduler scheduler, DrillCount count) {
        for (String refused : settings.refused()) {
            LOG.warn("llm-failover: drill refused: {} is set but drill.enabled is not true; no fault is injected", refused);
        }
        if (!settings.any()) {
            return () -> {};
        }
        DrillAnnouncer announcer = new DrillAnnouncer(describe(settings.faults()), scheduler, count);
        LOG.warn("llm-failover: DRILL ON: injecting faults into real calls, unsent: {} (drill.enabled = true; "
                + "set it to false to stop)", announcer.faults);
        announcer.scheduleReminder();
        return () -> announcer.stopped = true;
    }

    private void scheduleReminder() {
        scheduler.schedule(REMINDER.toNanos(), this::remind);
    }

    private void remind() {
        if (stopped) {
            return;
        }
        Map<String, Long> drilled = count.takeCounts();
        StringJoiner counts = new StringJoiner(", ");
        drilled.forEach((fault, attempts) -> counts.add(fault + ": " + attempts));
        LOG.warn("llm-failover: DRILL STILL ON: {}; attempts taken over in the last {} s: {}", faults,
                REMINDER.toSeconds(), drilled.isEmpty() ? "none" : counts.toString());
        scheduleReminder();
    }

    /** {@code openai 429 on 25% of attempts, hang on 5%; deepseek connect on 10%}. */
    static String describe(Map<String, List<DrillFault>> faults) {
        StringJoiner providers = new StringJoiner("; ");
        faults.forEach((provider, ofProvider) -> {
            StringJoiner each = new StringJoiner(", ");
            for (DrillFault fault : ofProvider) {
                each.add(fault.label() + " on " + percent(fault.share()) + " of attempts");
            }
            providers.add(provider + " " + each);
        });
        return providers.toString();
    }

    private static String percent(double share) {
        double percent = share * 100;
        return (percent == Math.rint(percent) ? String.valueOf((long) percent) : String.valueOf(percent)) + "%";
    }
}
