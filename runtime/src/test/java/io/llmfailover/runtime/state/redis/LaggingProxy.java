package io.llmfailover.runtime.state.redis;

import io.llmfailover.runtime.time.AgentThread;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback proxy in front of a redis-server that makes it slow: lagging, each chunk it passes,
 * either way, waits {@code lag} first; trickling, it passes what Redis answers one byte at a time,
 * each after the lag, as a Redis that answers every read just in time would.
 */
final class LaggingProxy implements AutoCloseable {

    private final int redisPort;
    private final long lagMillis;
    private final boolean trickle;
    private final ServerSocket listening;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private LaggingProxy(int redisPort, Duration lag, boolean trickle) throws IOException {
        this.redisPort = redisPort;
        this.lagMillis = lag.toMillis();
        this.trickle = trickle;
        this.listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        AgentThread.daemon("lagging-proxy-accept", this::accept).start();
    }

    /** Each chunk, either way, after {@code lag}. */
    static LaggingProxy lagging(int redisPort, Duration lag) throws IOException {
        return new LaggingProxy(redisPort, lag, false);
    }

    /** What Redis answers, one byte at a time, each after {@code lag}; what it is asked, at once. */
    static LaggingProxy trickling(int redisPort, Duration lag) throws IOException {
        return new LaggingProxy(redisPort, lag, true);
    }

    String url() {
        return "redis://127.0.0.1:" + listening.getLocalPort() + "/0";
    }

    private void accept() {
        while (!listening.isClosed()) {
            try {
                Socket client = listening.accept();
                Socket redis = new Socket(InetAddress.getLoopbackAddress(), redisPort);
                sockets.add(client);
                sockets.add(redis);
                AgentThread.daemon("lagging-proxy-up", () -> pump(client, redis, !trickle)).start();
                AgentThread.daemon("lagging-proxy-down", () -> pump(redis, client, true)).start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean lagged) {
        byte[] buffer = new byte[trickle && lagged ? 1 : 16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                if (lagged) {
                    Thread.sleep(lagMillis);
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // One side closed: close the other.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    @Override
    public void close() {
        closeQuietly(listening);
        sockets.forEach(LaggingProxy::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // Closed already.
        }
    }
}
