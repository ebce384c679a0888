package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.state.fleet.FleetListener;
import java.util.Optional;

/**
 * One event on the fleet's channel, as text: {@value #VERSION}, the publishing instance (which
 * skips its own events when they come back), the kind ({@code silence}, {@code opened} or
 * {@code closed}), how many milliseconds it lasts from now as the Redis server counts them (0 for a
 * closing), and the name, last, so that it may hold spaces. A silence or an opening is written by
 * the Lua script that records it ({@code extend.lua}), which puts in what it computed on the
 * server's clock: no instance's wall clock is in a message.
 *
 * <p>Everything read is input from the fleet: a text of another version (an older instance's
 * {@code <origin> silence <name> <epoch millis>}), too long, or malformed in any field is no event.
 */
record FleetMessage(String origin, Kind kind, long millis, String name) {

    /** The first field: a version whose fields mean something else writes another. */
    static final String VERSION = "2";
    /** The longest name an event may carry; a provider, a model and a key id fit many times over. */
    static final int MAX_NAME = 512;
    private static final int MAX_ORIGIN = 64;
    private static final int MAX_TEXT = MAX_NAME + MAX_ORIGIN + 64;

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

    /** What comes before the milliseconds: the part a Lua script is given to complete. */
    static String head(String origin, Kind kind) {
        return VERSION + " " + origin + " " + kind.word;
    }

    String encode() {
        return head(origin, kind) + " " + millis + " " + name;
    }

    /** Empty when the text is not an event of this version (an older or newer instance's, or noise). */
    static Optional<FleetMessage> decode(String text) {
        if (text == null || text.length() > MAX_TEXT || !text.startsWith(VERSION + " ")) {
            return Optional.empty();
        }
        String[] fields = text.split(" ", 5);
        if (fields.length != 5 || fields[1].isEmpty() || fields[1].length() > MAX_ORIGIN || !isName(fields[4])) {
            return Optional.empty();
        }
        Optional<Kind> kind = Kind.of(fields[2]);
        long millis = millis(fields[3]);
        if (kind.isEmpty() || millis < 0 || (kind.get() == Kind.CLOSED) != (millis == 0)) {
            return Optional.empty();
        }
        return Optional.of(new FleetMessage(fields[1], kind.get(), millis, fields[4]));
    }

    /** Whether a name read from the fleet (a message's, a key's) is one this version could have written. */
    static boolean isName(String name) {
        return !name.isEmpty() && name.length() <= MAX_NAME;
    }

    /** A whole number of at most 18 digits, else -1. */
    private static long millis(String field) {
        if (field.isEmpty() || field.length() > 18) {
            return -1;
        }
        for (int i = 0; i < field.length(); i++) {
            if (field.charAt(i) < '0' || field.charAt(i) > '9') {
                return -1;
            }
        }
        return Long.parseLong(field);
    }

    void deliverTo(FleetListener listener) {
        switch (kind) {
            case SILENCE -> listener.silenced(name, millis);
            case OPENED -> listener.opened(name, millis);
            case CLOSED -> listener.closed(name);
        }
    }
}
