package io.llmfailover.runtime.state.redis;

/** The Redis keys and the channel of one fleet, all behind its prefix ({@code state.redis.prefix}). */
record FleetKeys(String prefix) {

    static final String SILENCE = "silence:";
    static final String OPEN = "open:";

    String bucket(String name) {
        return prefix + "bucket:" + name;
    }

    String silence(String throttle) {
        return prefix + SILENCE + throttle;
    }

    String open(String breaker) {
        return prefix + OPEN + breaker;
    }

    String probes(String breaker) {
        return prefix + "probes:" + breaker;
    }

    /** The sorted set of the live instances' heartbeats. */
    String instances() {
        return prefix + "instances";
    }

    String events() {
        return prefix + "events";
    }

    /** A SCAN pattern for every key of a kind ({@link #SILENCE}, {@link #OPEN}), the prefix taken literally. */
    String patternFor(String kind) {
        return prefix.replaceAll("([*?\\[\\]\\\\])", "\\\\$1") + kind + "*";
    }

    /** The name in a key of a kind: what follows the prefix and the kind. */
    String nameIn(String key, String kind) {
        return key.substring(prefix.length() + kind.length());
    }
}
