package io.llmfailover.runtime.config;

import io.llmfailover.runtime.log.HumanDuration;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One fault of a drill, as {@code drill.<provider>.fault} writes it: what to inject and into which
 * share of that provider's attempts. {@code 429:25%}, {@code 503:10%}, {@code 529:10%},
 * {@code connect:5%}, {@code hang:5%}, {@code latency=2s:10%}, {@code reset-mid-stream:5%}.
 *
 * @param status the status answered instead of sending, for {@link Kind#STATUS}; else 0
 * @param latency the delay before sending, for {@link Kind#LATENCY}; else null
 * @param share the part of the provider's attempts that get this fault, in (0, 1]
 */
public record DrillFault(Kind kind, int status, Duration latency, double share) {

    /** What the agent does to a drilled attempt. */
    public enum Kind {
        /** Answers with an error status of the provider's own format; nothing is sent. */
        STATUS,
        /** Fails as if the connection was refused; nothing is sent. */
        CONNECT,
        /** Sends nothing and waits for the attempt's head deadline, as a provider that never answers. */
        HANG,
        /** Waits, then sends. */
        LATENCY,
        /** Sends, then breaks the answer after its first bytes reached the caller. */
        RESET_MID_STREAM
    }

    static final String EXPECTED = "expected faults like 429:25%, 503:10%, 529:10%, connect:5%, hang:5%, "
            + "latency=2s:10%, reset-mid-stream:5% (comma-separated; shares add up to at most 100%)";

    public DrillFault {
        if (!(share > 0 && share <= 1)) {
            throw new IllegalArgumentException("a drill's share must be in (0%, 100%], was " + share);
        }
    }

    /** The fault as written in the config, for logs and spans: {@code 429}, {@code latency=2s}. */
    public String label() {
        return switch (kind) {
            case STATUS -> String.valueOf(status);
            case CONNECT -> "connect";
            case HANG -> "hang";
            case LATENCY -> "latency=" + HumanDuration.of(latency).replace(" ", "");
            case RESET_MID_STREAM -> "reset-mid-stream";
        };
    }

    /** {@code 429:25%, latency=2s:10%}: every fault, their shares adding up to at most 100%. */
    static List<DrillFault> parseList(String text) {
        List<DrillFault> faults = new ArrayList<>();
        double total = 0;
        for (String part : text.split(",")) {
            DrillFault fault = parse(part.strip());
            total += fault.share();
            faults.add(fault);
        }
        if (total > 1.000001) {
            throw new IllegalArgumentException("the shares add up to more than 100%");
        }
        return List.copyOf(faults);
    }

    static DrillFault parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon < 1 || !text.endsWith("%")) {
            throw new IllegalArgumentException(EXPECTED);
        }
        double share = percent(text.substring(colon + 1, text.length() - 1).strip());
        String what = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        if (what.startsWith("latency=")) {
            Duration latency = Durations.parse(what.substring("latency=".length()).strip());
            if (latency.isZero() || latency.isNegative()) {
                throw new IllegalArgumentException("a drill's latency must be positive");
            }
            return new DrillFault(Kind.LATENCY, 0, latency, share);
        }
        return switch (what) {
            case "connect" -> new DrillFault(Kind.CONNECT, 0, null, share);
            case "hang" -> new DrillFault(Kind.HANG, 0, null, share);
            case "reset-mid-stream" -> new DrillFault(Kind.RESET_MID_STREAM, 0, null, share);
            default -> new DrillFault(Kind.STATUS, errorStatus(what), null, share);
        };
    }

    private static int errorStatus(String what) {
        try {
            int status = Integer.parseInt(what);
            if (status >= 400 && status <= 599) {
                return status;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw new IllegalArgumentException("unknown fault '" + what + "'; " + EXPECTED);
    }

    private static double percent(String number) {
        try {
            BigDecimal value = new BigDecimal(number);
            if (value.signum() <= 0 || value.compareTo(BigDecimal.valueOf(100)) > 0) {
                throw new IllegalArgumentException("a share must be more than 0% and at most 100%, was " + number + "%");
            }
            return value.doubleValue() / 100;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(EXPECTED);
        }
    }
}
