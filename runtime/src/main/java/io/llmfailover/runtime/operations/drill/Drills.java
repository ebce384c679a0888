package io.llmfailover.runtime.operations.drill;

import io.llmfailover.runtime.config.DrillFault;
import io.llmfailover.runtime.config.DrillSettings;
import io.llmfailover.runtime.contract.Transport;
import io.llmfailover.runtime.provider.Provider;
import io.llmfailover.runtime.time.Scheduler;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * Which attempts a drill takes over: each attempt to a drilled provider draws once, and the faults
 * of that provider share the draw ({@code 429:25%, hang:5%}: a quarter get a 429, a twentieth
 * hang, the rest are sent as usual).
 */
public final class Drills {

    public static final Drills NONE = new Drills(Map.of(), () -> 1, Scheduler.SYSTEM, new DrillCount());

    private final Map<String, List<DrillFault>> faults;
    private final DoubleSupplier draw;
    private final Scheduler scheduler;
    private final DrillCount count;

    Drills(Map<String, List<DrillFault>> faults, DoubleSupplier draw, Scheduler scheduler, DrillCount count) {
        this.faults = faults;
        this.draw = draw;
        this.scheduler = scheduler;
        this.count = count;
    }

    public static Drills of(DrillSettings settings, Scheduler scheduler, DrillCount count) {
        return settings.any()
                ? new Drills(settings.faults(), () -> ThreadLocalRandom.current().nextDouble(), scheduler, count)
                : NONE;
    }

    /** Drills whose draws come from {@code draw} (in [0, 1)), for tests. */
    public static Drills of(DrillSettings settings, DoubleSupplier draw, Scheduler scheduler) {
        return new Drills(settings.faults(), draw, scheduler, new DrillCount());
    }

    /** The fault this attempt to {@code provider} gets, or null for none. */
    public DrillFault draw(Provider provider) {
        List<DrillFault> ofProvider = faults.get(provider.name());
        if (ofProvider == null) {
            return null;
        }
        double drawn = draw.getAsDouble();
        double upTo = 0;
        for (DrillFault fault : ofProvider) {
            upTo += fault.share();
            if (drawn < upTo) {
                count.drilled(provider.name(), fault);
                return fault;
            }
        }
        return null;
    }

    /** {@code transport}, with {@code fault} injected into the attempt it sends. */
    public Transport inject(DrillFault fault, Provider provider, Transport transport) {
        return new DrilledTransport(fault, provider, transport, scheduler);
    }
}
