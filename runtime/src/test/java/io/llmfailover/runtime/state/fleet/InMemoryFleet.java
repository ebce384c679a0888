package io.llmfailover.runtime.state.fleet;

import io.llmfailover.runtime.time.ManualClock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The store of a fleet whose instances live in one JVM, on one virtual clock (the store's, as Redis's
 * is): what the Redis store does, minus the network. Publishes reach every instance at once, its publisher included, as
 * Redis pub/sub does; each instance's view can be cut off to play an outage.
 */
final class InMemoryFleet {

    private final ManualClock clock;
    private final List<View> views = new ArrayList<>();
    private final Map<String, Long> silences = new HashMap<>();
    private final Map<String, Long> openings = new HashMap<>();
    private final Map<String, long[]> probes = new HashMap<>();
    private final Map<String, double[]> buckets = new HashMap<>();

    InMemoryFleet(ManualClock clock) {
        this.clock = clock;
    }

    synchronized View instance() {
        View view = new View();
        views.add(view);
        return view;
    }

    /** One instance's connection to the fleet's store. */
    final class View implements FleetStore {
        private FleetListener listener;
        boolean down;

        @Override
        public long tryTake(String[] names, double[] amounts, double[] capacities, double[] perSecond) {
            synchronized (InMemoryFleet.this) {
                if (down) {
                    return UNAVAILABLE;
                }
                long wait = 0;
                for (int i = 0; i < names.length; i++) {
                    double level = level(names[i], capacities[i], perSecond[i]);
                    if (level < amounts[i]) {
                        wait = Math.max(wait, (long) Math.ceil((amounts[i] - level) / perSecond[i] * 1e9));
                    }
                }
                if (wait == 0) {
                    for (int i = 0; i < names.length; i++) {
                        buckets.get(names[i])[0] -= amounts[i];
                    }
                }
                return wait;
            }
        }

        @Override
        public void giveBack(String[] names, double[] amounts, double[] capacities, double[] perSecond) {
            synchronized (InMemoryFleet.this) {
                for (int i = 0; i < names.length && !down; i++) {
                    double[] bucket = buckets.get(names[i]);
                    bucket[0] = Math.min(capacities[i], level(names[i], capacities[i], perSecond[i]) + amounts[i]);
                }
            }
        }

        @Override
        public void publishSilence(String throttle, long millis) {
            if (!down && millis > 0 && extend(silences, throttle, millis)) {
                everyone().forEach(view -> view.listener.silenced(throttle, millis));
            }
        }

        @Override
        public void publishOpened(String breaker, long millis) {
            if (!down && millis > 0 && extend(openings, breaker, millis)) {
                everyone().forEach(view -> view.listener.opened(breaker, millis));
            }
        }

        @Override
        public void publishClosed(String breaker) {
            if (!down) {
                openings.remove(breaker);
                probes.remove(breaker);
                everyone().forEach(view -> view.listener.closed(breaker));
            }
        }

        @Override
        public long tryTakeProbe(String breaker, int allowed, long windowMillis) {
            synchronized (InMemoryFleet.this) {
                if (down) {
                    return UNAVAILABLE;
                }
                long[] taken = probes.get(breaker);
                if (taken == null || clock.currentTimeMillis() >= taken[1]) {
                    taken = new long[] {0, clock.currentTimeMillis() + windowMillis};
                    probes.put(breaker, taken);
                }
                return ++taken[0] <= allowed ? 1 : 0;
            }
        }

        @Override
        public int instances() {
            return down ? 1 : everyone().size();
        }

        @Override
        public boolean reachable() {
            return !down;
        }

        @Override
        public void subscribe(FleetListener subscriber) {
            this.listener = subscriber;
            inForce(silences).forEach(subscriber::silenced);
            inForce(openings).forEach(subscriber::opened);
        }

        @Override
        public void close() {
            down = true;
        }

        private List<View> everyone() {
            synchronized (InMemoryFleet.this) {
                return views.stream().filter(view -> view.listener != null && !view.down).toList();
            }
        }
    }

    /** As the Lua script does: ends on the store's clock, never before an end already in force. */
    private synchronized boolean extend(Map<String, Long> endsByName, String name, long millis) {
        long until = clock.currentTimeMillis() + millis;
        Long current = endsByName.get(name);
        if (current != null && current >= until) {
            return false;
        }
        endsByName.put(name, until);
        return true;
    }

    /** What is in force, with the millis it has left on the store's clock. */
    private synchronized Map<String, Long> inForce(Map<String, Long> endsByName) {
        Map<String, Long> left = new HashMap<>();
        endsByName.forEach((name, until) -> {
            if (until > clock.currentTimeMillis()) {
                left.put(name, until - clock.currentTimeMillis());
            }
        });
        return left;
    }

    private double level(String name, double capacity, double perSecond) {
        long now = clock.nanoTime();
        double[] bucket = buckets.computeIfAbsent(name, key -> new double[] {capacity, now});
        bucket[0] = Math.min(capacity, bucket[0] + (now - (long) bucket[1]) / 1e9 * perSecond);
        bucket[1] = now;
        return bucket[0];
    }
}
