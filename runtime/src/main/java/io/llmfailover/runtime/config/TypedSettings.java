package io.llmfailover.runtime.config;

import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the typed top-level settings ({@code breaker.*}, {@code throttle.*} …): each read falls back
 * to the default when the key is absent, and records a problem (then falls back) when it is bad.
 */
final class TypedSettings {

    /** Statuses that are the caller's fault: the contract never fails them over. */
    private static final Set<Integer> CALLER_ERRORS = Set.of(400, 401, 403, 404, 413, 422);

    private final Map<String, ConfigEntry> entries;
    private final ConfigProblems problems;

    TypedSettings(Map<String, ConfigEntry> entries, ConfigProblems problems) {
        this.entries = entries;
        this.problems = problems;
    }

    Optional<ConfigEntry> entry(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    Duration positiveDuration(String key, Duration fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        try {
            Duration duration = Durations.parse(entry.value());
            if (duration.isZero()) {
                problems.add(entry, "must be longer than zero");
                return fallback;
            }
            return duration;
        } catch (IllegalArgumentException e) {
            problems.add(entry, e.getMessage());
            return fallback;
        }
    }

    /** A duration where a bare {@code 0} (the default) or {@code off} means none. */
    Duration durationOrZero(String key) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return Duration.ZERO;
        }
        String value = entry.value().strip();
        if (value.equals("0") || value.equalsIgnoreCase("off")) {
            return Duration.ZERO;
        }
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            problems.add(entry, e.getMessage());
            return Duration.ZERO;
        }
    }

    long positiveSize(String key, long fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        try {
            long size = ByteSizes.parse(entry.value());
            if (size == 0) {
                problems.add(entry, "must be larger than zero");
                return fallback;
            }
            return size;
        } catch (IllegalArgumentException e) {
            problems.add(entry, e.getMessage());
            return fallback;
        }
    }

    int positiveInt(String key, int fallback) {
        return intAtLeast(key, 1, fallback);
    }

    int intAtLeast(String key, int minimum, int fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(entry.value().strip());
            if (value >= minimum) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(entry, "expected a whole number of at least " + minimum);
        return fallback;
    }

    boolean bool(String key, boolean fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        String value = entry.value().strip().toLowerCase(Locale.ROOT);
        if (value.equals("true") || value.equals("false")) {
            return Boolean.parseBoolean(value);
        }
        problems.add(entry, "expected true or false");
        return fallback;
    }

    /**
     * {@code redis://[user:password@]host[:port][/db]} or {@code rediss://} for TLS, the database a
     * whole number. A problem names what is wrong, never the value, which may carry a password.
     */
    java.net.URI redisUrl(String key, java.net.URI fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        try {
            java.net.URI url = new java.net.URI(entry.value().strip());
            String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("redis") || scheme.equals("rediss")) && url.getHost() != null) {
                if (isRedisDatabase(url.getPath())) {
                    return url;
                }
                problems.add(entry, "the database after host:port must be a whole number, like /0");
                return fallback;
            }
        } catch (java.net.URISyntaxException malformed) {
            // reported below, without the value
        }
        problems.add(entry, "expected redis://host:port/db or rediss://host:port/db");
        return fallback;
    }

    /** None ({@code /} or nothing, database 0), or {@code /} and a database number. */
    private static boolean isRedisDatabase(String path) {
        if (path == null || path.isEmpty() || path.equals("/")) {
            return true;
        }
        String digits = path.substring(1);
        if (!path.startsWith("/") || digits.length() > 9) {
            return false;
        }
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** One of a few words, compared without case; the first of {@code allowed} is the default. */
    String oneOf(String key, java.util.List<String> allowed) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return allowed.get(0);
        }
        String value = entry.value().strip().toLowerCase(Locale.ROOT);
        if (allowed.contains(value)) {
            return value;
        }
        problems.add(entry, "expected one of " + String.join(", ", allowed));
        return allowed.get(0);
    }

    /** A share in (0, 1], written {@code 0.5} or {@code 50%}. */
    double rate(String key, double fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        String value = entry.value().strip();
        boolean percent = value.endsWith("%");
        try {
            double number = Double.parseDouble(percent ? value.substring(0, value.length() - 1).strip() : value);
            double share = percent ? number / 100 : number;
            if (share > 0 && share <= 1) {
                return share;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(entry, "expected a rate in (0, 1] such as 0.5, or a percentage such as 50%");
        return fallback;
    }

    /** {@code failover.on}: HTTP statuses and the tokens {@code timeout} and {@code connect}. */
    FailoverPolicy failoverPolicy(String key, FailoverPolicy fallback) {
        ConfigEntry entry = entries.get(key);
        if (entry == null) {
            return fallback;
        }
        Set<Integer> statuses = new HashSet<>();
        boolean timeout = false;
        boolean connect = false;
        boolean valid = true;
        for (String token : entry.value().split(",")) {
            String item = token.strip().toLowerCase(Locale.ROOT);
            if (item.equals("timeout")) {
                timeout = true;
            } else if (item.equals("connect")) {
                connect = true;
            } else {
                valid &= addStatus(entry, item, statuses);
            }
        }
        if (!valid) {
            return fallback;
        }
        if (statuses.isEmpty() && !timeout && !connect) {
            problems.add(entry, "empty; expected statuses and tokens such as 429, 503, timeout, connect");
            return fallback;
        }
        return new FailoverPolicy(statuses, timeout, connect);
    }

    private boolean addStatus(ConfigEntry entry, String item, Set<Integer> statuses) {
        int status;
        try {
            status = Integer.parseInt(item);
        } catch (NumberFormatException e) {
            problems.add(entry, "expected HTTP statuses and the tokens timeout and connect, e.g. 429, 503, timeout, connect");
            return false;
        }
        if (status < 100 || status > 599) {
            problems.add(entry, "a status outside 100..599; expected HTTP statuses and the tokens timeout and connect");
            return false;
        }
        if (CALLER_ERRORS.contains(status)) {
            problems.add(entry, "lists a caller's error (400, 401, 403, 404, 413, 422), which is never failed over");
            return false;
        }
        statuses.add(status);
        return true;
    }
}
