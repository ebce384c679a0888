package io.llmfailover.e2e;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A plain RESP connection to a test's Redis, for what a misbehaving fleet member or operator types
 * into it: keys and messages the agent never wrote, {@code DEBUG SLEEP}, killed clients. Arguments
 * are bytes, so a message may be anything, invalid UTF-8 included. Not thread-safe: one per thread.
 */
final class RedisCommands implements AutoCloseable {

    /** How long a reply may take: every command here is answered at once, unless the test paused Redis. */
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(20);
    /** Commands written before their replies are read, so that neither side's buffers fill up. */
    private static final int PIPELINE_BATCH = 1000;

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private RedisCommands(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout((int) REPLY_TIMEOUT.toMillis());
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
    }

    static RedisCommands connect(int port) throws IOException {
        return new RedisCommands(port);
    }

    /** Sends one command and returns its reply: a String, a Long, a List, or null; an error reply throws. */
    Object call(Object... args) throws IOException {
        write(args);
        out.flush();
        return read();
    }

    /** Sends every command, a batch at a time, and reads their replies; an error reply throws. */
    void pipeline(List<Object[]> commands) throws IOException {
        for (int start = 0; start < commands.size(); start += PIPELINE_BATCH) {
            int end = Math.min(commands.size(), start + PIPELINE_BATCH);
            for (int i = start; i < end; i++) {
                write(commands.get(i));
            }
            out.flush();
            for (int i = start; i < end; i++) {
                read();
            }
        }
    }

    /** Sends one command and does not wait for its reply ({@code DEBUG SLEEP} holds it back). */
    void send(Object... args) throws IOException {
        write(args);
        out.flush();
    }

    /**
     * Subscribes to {@code channel} and hands each message's text to {@code onMessage}, on a daemon
     * thread of its own, until this connection is closed.
     */
    void subscribe(String channel, Consumer<String> onMessage) throws IOException {
        socket.setSoTimeout(0);
        call("SUBSCRIBE", channel);
        Thread reader = new Thread(() -> {
            try {
                while (true) {
                    if (read() instanceof List<?> push && push.size() == 3 && "message".equals(push.get(0))) {
                        onMessage.accept((String) push.get(2));
                    }
                }
            } catch (IOException closed) {
                // the test closed the connection: the subscription ends
            }
        }, "redis-test-subscriber");
        reader.setDaemon(true);
        reader.start();
    }

    /** Every key matching {@code pattern} (SCAN, whole). */
    List<String> keys(String pattern) throws IOException {
        List<String> found = new ArrayList<>();
        String cursor = "0";
        do {
            List<?> page = (List<?>) call("SCAN", cursor, "MATCH", pattern, "COUNT", "1000");
            cursor = (String) page.get(0);
            for (Object key : (List<?>) page.get(1)) {
                found.add((String) key);
            }
        } while (!"0".equals(cursor));
        return found;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private void write(Object[] args) throws IOException {
        out.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (Object arg : args) {
            byte[] bytes = arg instanceof byte[] raw ? raw : String.valueOf(arg).getBytes(StandardCharsets.UTF_8);
            out.write(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.write('\r');
            out.write('\n');
        }
    }

    private Object read() throws IOException {
        int type = in.read();
        if (type < 0) {
            throw new IOException("Redis closed the connection");
        }
        String line = line();
        return switch (type) {
            case '+' -> line;
            case '-' -> throw new IOException("Redis refused: " + line);
            case ':' -> Long.parseLong(line);
            case '$' -> bulk(Integer.parseInt(line));
            case '*' -> array(Integer.parseInt(line));
            default -> throw new IOException("not a RESP reply: " + (char) type + line);
        };
    }

    private String bulk(int length) throws IOException {
        if (length < 0) {
            return null;
        }
        byte[] bytes = in.readNBytes(length + 2);
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private List<Object> array(int length) throws IOException {
        if (length < 0) {
            return null;
        }
        List<Object> items = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            items.add(read());
        }
        return items;
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\r') {
            if (b < 0) {
                throw new IOException("Redis closed the connection mid-reply");
            }
            bytes.write(b);
        }
        in.read(); // '\n'
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
