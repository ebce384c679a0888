package io.llmfailover.runtime.operations.reload;

import io.llmfailover.runtime.config.ConfigException;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.gateway.Gateway;
import io.llmfailover.runtime.time.Scheduler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks at the properties file every {@code config.reload} and, when its content changed and then
 * stayed so for a {@link FileLook#SETTLE} (a file caught half-written is not an edit), loads what it
 * read, once: a valid config becomes a new gateway that takes over the old one's state for every
 * provider whose definition did not change, installed in one step (a call runs wholly on the
 * gateway it started on); an invalid one is reported, naming file, line and key, and the running
 * config stays. What only a restart can change (telemetry, logging, fleet mode) is said so. Runs on
 * the operator's timer ({@link Scheduler#OPERATING}), never on the deadlines'.
 */
public final class ConfigReloader {

    /** Loads the config from these bytes of the file, with the same environment and system properties as at start. */
    @FunctionalInterface
    public interface Source {
        FailoverConfig load(byte[] fileContent) throws ConfigException;
    }

    /** Builds the gateway of a reloaded config in place of the running one. */
    @FunctionalInterface
    public interface Rebuild {
        Gateway replacing(Gateway running, FailoverConfig reloaded);
    }

    /** Puts the new gateway in place of the running one, for the calls that start from now on. */
    @FunctionalInterface
    public interface Install {
        void install(Gateway next);
    }

    private static final Logger LOG = LoggerFactory.getLogger("io.llmfailover.reload");

    private final Path file;
    private final Source source;
    private final Rebuild rebuild;
    private final Install install;
    private final Scheduler scheduler;
    private Gateway running;
    /** The content last applied, or reported as invalid: an edit is a content other than this. */
    private byte[] lastSeen;
    /** The look before this one, when it saw an edit that had yet to settle. */
    private FileLook unsettled;
    private volatile boolean stopped;

    private ConfigReloader(Path file, Source source, Rebuild rebuild, Install install, Scheduler scheduler,
            Gateway running, byte[] content) {
        this.file = file;
        this.source = source;
        this.rebuild = rebuild;
        this.install = install;
        this.scheduler = scheduler;
        this.running = running;
        this.lastSeen = content;
    }

    /**
     * Watches the running gateway's file, when it has one and its {@code config.reload} is not off: an
     * edit is a content other than the bytes the running config was parsed from.
     *
     * @return stops the watching
     */
    public static Runnable start(Gateway running, Source source, Rebuild rebuild, Install install, Scheduler scheduler) {
        FailoverConfig config = running.config();
        if (config.source().isEmpty() || config.operating().reloadInterval() == null) {
            return () -> {};
        }
        Path file = config.source().get();
        ConfigReloader reloader = new ConfigReloader(file, source, rebuild, install, scheduler, running,
                config.sourceContent());
        reloader.scheduleNext(config.operating().reloadInterval());
        return () -> reloader.stopped = true;
    }

    private void scheduleNext(Duration interval) {
        if (!stopped) {
            scheduler.schedule(interval.toNanos(), this::look);
        }
    }

    private void look() {
        Duration intervalBefore = running.config().operating().reloadInterval();
        boolean settling = false;
        try {
            settling = lookAtTheFile();
        } catch (RuntimeException bug) {
            LOG.warn("llm-failover: reloading {} failed; the running config stays", file, bug);
        } finally {
            // read again: the edit just applied may have changed or turned off config.reload
            Duration interval = running.config().operating().reloadInterval();
            if (settling) {
                scheduleNext(FileLook.SETTLE);
            } else if (interval != null) {
                scheduleNext(interval);
            } else if (intervalBefore != null) {
                LOG.info("llm-failover: config.reload is off in {}: no further edit is picked up until a restart", file);
            }
        }
    }

    /** Applies an edit that the last look saw as it is now; true when one has yet to settle. */
    private boolean lookAtTheFile() {
        FileLook now = FileLook.of(file);
        if (now == null || now.holds(lastSeen)) {
            unsettled = null;
            return false;
        }
        if (!now.unchangedSince(unsettled)) {
            unsettled = now;
            return true;
        }
        unsettled = null;
        lastSeen = now.content();
        reload(now.content());
        return false;
    }

    private void reload(byte[] content) {
        FailoverConfig reloaded;
        try {
            reloaded = source.load(content);
        } catch (ConfigException invalid) {
            LOG.warn("llm-failover: the edit of {} is not applied; the running config stays. {}", file, invalid.getMessage());
            return;
        }
        Gateway previous = running;
        Gateway next = rebuild.replacing(previous, reloaded);
        install.install(next);
        running = next;
        previous.retire();
        LOG.info("llm-failover: reloaded {} ({} providers, {} routes){}", file, reloaded.providers().size(),
                reloaded.routes().size(), needsRestart(previous.config(), reloaded));
    }

    /** What the edit changed that only a restart applies, as the end of the log line. */
    private static String needsRestart(FailoverConfig old, FailoverConfig next) {
        List<String> keys = new ArrayList<>();
        if (!old.otel().equals(next.otel())) {
            keys.add("otel.*");
        }
        if (!Objects.equals(old.log(), next.log()) || !Objects.equals(old.logLevel(), next.logLevel())) {
            keys.add("agent.log*");
        }
        if (!old.fleet().equals(next.fleet()) || !old.keySalt().equals(next.keySalt())) {
            keys.add("state.*");
        }
        if (old.fleet().redis() && !(old.breaker().equals(next.breaker()) && old.throttle().equals(next.throttle()))) {
            keys.add("breaker.* and throttle.* in fleet mode");
        }
        return keys.isEmpty() ? "" : "; " + String.join(", ", keys) + " take effect at the next restart";
    }
}
