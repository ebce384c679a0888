package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.testing.MachineRequirement;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real redis-server for the tests, as a child process on loopback, without persistence. It can be
 * killed and started again on the same port, as an outage would.
 */
final class RedisProcess implements AutoCloseable {

    private static final long START_TIMEOUT_MILLIS = 10_000;

    private final int port;
    private final List<String> extraArguments;
    private Process process;

    private RedisProcess(int port, List<String> extraArguments) {
        this.port = port;
        this.extraArguments = extraArguments;
    }

    /** @param extraArguments more of redis-server's options, like {@code --requirepass secret} */
    static RedisProcess start(String... extraArguments) throws IOException {
        RedisProcess redis = new RedisProcess(freePort(), List.of(extraArguments));
        redis.restart();
        return redis;
    }

    int port() {
        return port;
    }

    String url() {
        return "redis://127.0.0.1:" + port + "/0";
    }

    /** Starts the server again on its port and waits until it answers PING. */
    void restart() throws IOException {
        List<String> command = new ArrayList<>(List.of(executable(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"));
        command.addAll(extraArguments);
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        awaitPong();
    }

    /** Kills the server at once, as a crash would, and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("redis-server on port " + port + " did not die within 10 s");
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            kill();
        }
    }

    private void awaitPong() throws IOException {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < giveUp) {
            if (!process.isAlive()) {
                throw new IllegalStateException("redis-server exited with " + process.exitValue() + " on port " + port);
            }
            if (answersPing()) {
                return;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for redis-server", e);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("redis-server did not answer PING on port " + port + " within 10 s");
    }

    private boolean answersPing() {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(1000);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = new byte[7];
            int read = in.readNBytes(reply, 0, reply.length);
            String answer = new String(reply, 0, read, StandardCharsets.US_ASCII);
            return answer.startsWith("+PONG") || answer.startsWith("-NOAUTH");
        } catch (IOException e) {
            return false;
        }
    }

    /** A class that starts one is {@code @ExtendWith(RedisServerInstalled.class)}: skipped, or failed in CI, without it. */
    private static String executable() {
        return MachineRequirement.onPath("redis-server")
                .orElseThrow(() -> new IllegalStateException(RedisServerInstalled.MISSING))
                .toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
