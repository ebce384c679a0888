package io.llmfailover.agent.bootstrap;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The agent's lines on standard error, in the shape a log shipper reads: each line has a time (UTC),
 * a level and the {@code llm-failover:} prefix, as text ({@code 2026-12-05T07:40:00.123Z WARN breaker -
 * llm-failover: breaker primary opened}) or, with {@code agent.log.format = json}, as one JSON object
 * per line (time, level, logger, message, the call's trace and span ids where there are, and the
 * stack trace). In the bootstrap package because every part of the agent writes through it, also
 * before the config is read and before the rest of the agent is loaded.
 */
public final class LogLines {

    static final String PREFIX = "llm-failover: ";

    /** The call's ids, for a line written inside a call; absent ones are null. */
    public record CallIds(String traceId, String spanId) {
        public static final CallIds NONE = new CallIds(null, null);
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private static volatile boolean json;

    private LogLines() {}

    /** @param format a value of {@code agent.log.format}: {@code text} or {@code json} */
    public static void useFormat(String format) {
        json = "json".equalsIgnoreCase(format);
    }

    /** Writes one record to standard error: one line, or a line per line of a message of several. */
    public static void write(String level, String logger, String message, Throwable thrown, CallIds ids) {
        PrintStream err = System.err;
        String record = json ? json(Instant.now(), level, logger, message, thrown, ids)
                : text(Instant.now(), level, logger, message);
        synchronized (err) {
            err.println(record);
            if (thrown != null && !json) {
                thrown.printStackTrace(err);
            }
            err.flush();
        }
    }

    /** A line written before any logger can be: an agent that cannot start, a client it cannot instrument. */
    public static void error(String message) {
        write("ERROR", "io.llmfailover.agent", message, null, CallIds.NONE);
    }

    /** Each line of the message with the time, the level, the logger's last name and the prefix. */
    static String text(Instant time, String level, String logger, String message) {
        String head = stamp(time) + " " + level + " " + logger.substring(logger.lastIndexOf('.') + 1) + " - ";
        StringBuilder lines = new StringBuilder();
        message.lines().forEach(line -> lines.append(lines.isEmpty() ? "" : System.lineSeparator())
                .append(head).append(prefixed(line)));
        return lines.isEmpty() ? head + PREFIX.strip() : lines.toString();
    }

    static String json(Instant time, String level, String logger, String message, Throwable thrown, CallIds ids) {
        StringBuilder object = new StringBuilder(128 + message.length()).append('{');
        field(object, "time", stamp(time));
        field(object, "level", level);
        field(object, "logger", logger);
        field(object, "message", prefixed(message));
        if (ids.traceId() != null) {
            field(object, "trace_id", ids.traceId());
        }
        if (ids.spanId() != null) {
            field(object, "span_id", ids.spanId());
        }
        if (thrown != null) {
            StringWriter trace = new StringWriter();
            thrown.printStackTrace(new PrintWriter(trace));
            field(object, "exception", trace.toString());
        }
        return object.append('}').toString();
    }

    private static String stamp(Instant time) {
        return TIME.format(time);
    }

    private static String prefixed(String message) {
        return message.startsWith(PREFIX) || message.startsWith("llm-failover ") ? message : PREFIX + message;
    }

    private static void field(StringBuilder object, String name, String value) {
        if (object.length() > 1) {
            object.append(',');
        }
        object.append('"').append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> object.append("\\\"");
                case '\\' -> object.append("\\\\");
                case '\n' -> object.append("\\n");
                case '\r' -> object.append("\\r");
                case '\t' -> object.append("\\t");
                default -> {
                    if (c < 0x20) {
                        object.append(String.format("\\u%04x", (int) c));
                    } else {
                        object.append(c);
                    }
                }
            }
        }
        object.append('"');
    }
}
