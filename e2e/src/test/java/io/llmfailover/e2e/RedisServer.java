package io.llmfailover.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real redis-server on a free loopback port, for fleet mode: started, killed and started again on
 * the same port, as an outage does; {@code DEBUG} commands allowed, so that a test can pause it
 * ({@code DEBUG SLEEP}). A class that starts one is {@code @ExtendWith(RedisServerInstalled.class)}.
 */
final class RedisServer implements AutoCloseable {

    private static final Pattern VERSION = Pattern.compile("v=(\\d+)\\.");
    private static int majorVersion;

    private final int port;
    private final Path directory;
    private Process process;

    private RedisServer(int port, Path directory) {
        this.port = port;
        this.directory = directory;
    }

    static RedisServer start(Path directory) throws IOException, InterruptedException {
        RedisServer server = new RedisServer(freePort(), directory);
        server.restart();
        return server;
    }

    String url() {
        return "redis://127.0.0.1:" + port + "/0";
    }

    int port() {
        return port;
    }

    /** A connection for the test's own commands. */
    RedisCommands commands() throws IOException {
        return RedisCommands.connect(port);
    }

    /** Kills the server at once, connections and all, as a crash does. */
    void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            process = null;
        }
    }

    void restart() throws IOException, InterruptedException {
        kill();
        ProcessBuilder builder;
        try {
            List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory.toString()));
            if (majorVersion() >= 7) {
                // Redis 7 refuses DEBUG unless allowed; older versions allow it and know no such option.
                command.addAll(List.of("--enable-debug-command", "yes"));
            }
            builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(Files.createTempFile(directory, "redis-", ".log").toFile());
            process = builder.start();
        } catch (IOException missing) {
            throw new IOException(RedisServerInstalled.MISSING, missing);
        }
        long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!answersPing()) {
            if (System.nanoTime() > giveUp || !process.isAlive()) {
                throw new IOException("redis-server did not start on port " + port);
            }
            Thread.sleep(20);
        }
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }

    private boolean answersPing() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).startsWith("+PONG");
        } catch (IOException notYet) {
            return false;
        }
    }

    /** {@code Redis server v=7.0.15 sha=...} → 7; asked once per test JVM. */
    private static synchronized int majorVersion() throws IOException {
        if (majorVersion == 0) {
            Process version = new ProcessBuilder("redis-server", "--version").redirectErrorStream(true).start();
            String text = new String(version.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            Matcher m = VERSION.matcher(text);
            majorVersion = m.find() ? Integer.parseInt(m.group(1)) : 1;
        }
        return majorVersion;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
