package io.llmfailover.runtime.state.fleet;

/**
 * What the instances of one fleet share, through a store they all reach (Redis): silences of keys,
 * openings and closings of breakers, the half-open probes of a recovering provider, and quota
 * buckets. Implementations never fail a call: each method answers within the store's timeout or
 * reports that it could not ({@link #UNAVAILABLE}), never throws, and never blocks for longer; what
 * is only told (publish) goes out asynchronously. Names are the runtime's own (provider, model,
 * key id), never a credential.
 */
public interface FleetStore extends AutoCloseable {

    /** Returned when the store could not answer in time: the caller decides on its local state. */
    long UNAVAILABLE = -1;

    /**
     * Takes {@code amounts[i]} from each bucket {@code buckets[i]} (capacity {@code capacities[i]},
     * refilled continuously at {@code perSecond[i]}, full when first seen), all or none, atomically
     * across the fleet, on the store's clock.
     *
     * @return 0 when taken; else how many nanoseconds until all could be; {@link #UNAVAILABLE}
     */
    long tryTake(String[] buckets, double[] amounts, double[] capacities, double[] perSecond);

    /** Gives back to each bucket what a call that was never sent, or used less, took; asynchronously. */
    void giveBack(String[] buckets, double[] amounts, double[] capacities, double[] perSecond);

    /**
     * Tells the fleet that a key is silent for {@code millis} from now, on the store's clock (never
     * this instance's wall clock), unless it already is for longer; asynchronously.
     */
    void publishSilence(String throttle, long millis);

    /** Tells the fleet that a breaker opened for {@code millis} from now, as a silence; asynchronously. */
    void publishOpened(String breaker, long millis);

    /** Tells the fleet that a breaker closed (its provider recovered); asynchronously. */
    void publishClosed(String breaker);

    /**
     * Takes one of the {@code probes} half-open probes the whole fleet may send to a breaker's
     * provider in its current recovery, which lasts at most {@code windowMillis}.
     *
     * @return 1 when this instance may probe, 0 when the fleet's probes are taken, {@link #UNAVAILABLE}
     */
    long tryTakeProbe(String breaker, int probes, long windowMillis);

    /**
     * How many instances of the fleet are alive now, this one included, as their heartbeats say: at
     * least 1, and 1 when the store cannot tell. Read from memory, never a round trip.
     */
    int instances();

    /** Whether the store answered its last round trip, read from memory: true when it cannot tell. */
    default boolean reachable() {
        return true;
    }

    /**
     * Starts delivering what other instances publish, and, on every (re)connection, what is in force
     * now with the time it has left (so an instance that starts, or comes back from an outage,
     * converges). Called once.
     */
    void subscribe(FleetListener listener);

    /** Stops its threads and closes its connections; never throws. */
    @Override
    void close();
}
