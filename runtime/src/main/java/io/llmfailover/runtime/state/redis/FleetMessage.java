package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.state.fleet.FleetListener;
import java.util.Optional;

/**
 * One event on the fleet's channel, as text: {@code <origin> silence <throttle> <until>},
 * {@code <origin> opened <breaker> <until>} or {@code <origin> closed <breaker>}. Names never hold
 * spaces, so a space separates the fields; the origin is the publishing instance, which skips its
 * own events when they come back.
 */
record FleetMessage(String origin, Kind kind, String name, long untilEpochMillis) {

    enum Kind {
        SILENCE("silence"),
        OPENED("opened"),
        CLOSED("closed");

        private final String word;

        Kind(String word) {
            this.word = word;
        }

        static Optional<Kind> of(String word) {
            for (Kind kind : values()) {
                if (kind.word.equals(word)) {
                    return Optional.of(kind);
                }
            }
            return Optional.empty();
        }
    }

    String encode() {
        String head = origin + " " + kind.word + " " + name;
        return kind == Kind.CLOSED ? head : head + " " + untilEpochMillis;
    }

    /** Empty when the text is not an event of this version (an older or newer instance's, or noise). */
    static Optional<FleetMessage> decode(String text) {
        String[] fields = text.split(" ");
        if (fields.length < 3) {
            return Optional.empty();
        }
        Optional<Kind> kind = Kind.of(fields[1]);
        if (kind.isEmpty() || fields.length != (kind.get() == Kind.CLOSED ? 3 : 4)) {
            return Optional.empty();
        }
        try {
            long until = kind.get() == Kind.CLOSED ? 0 : Long.parseLong(fields[3]);
            return Optional.of(new FleetMessage(fields[0], kind.get(), fields[2], until));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    void deliverTo(FleetListener listener) {
        switch (kind) {
            case SILENCE -> listener.silenced(name, untilEpochMillis);
            case OPENED -> listener.opened(name, untilEpochMillis);
            case CLOSED -> listener.closed(name);
        }
    }
}
