package io.llmfailover.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A loopback TCP proxy to a server that, when told to, answers slowly: what the server sends back
 * reaches the client one byte at a time, a pause between bytes, while what the client sends passes
 * at once. A pause shorter than the client's socket timeout never trips it, however long the whole
 * answer takes: Redis answering slowly, not Redis gone.
 *
 * <p>Bounded: at most {@value #MAX_CONNECTIONS} connections at a time (more are closed at once),
 * two threads each; {@link #close()} ends them all.
 */
final class TricklingProxy implements AutoCloseable {

    static final int MAX_CONNECTIONS = 48;

    private final int targetPort;
    private final ServerSocket listener;
    private final Thread acceptor;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> pumps = new CopyOnWriteArrayList<>();
    /** The pause between two bytes towards the client, in nanos; 0 passes them at once. */
    private volatile long pauseNanos;

    private TricklingProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::accept, "trickling-proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static TricklingProxy to(int targetPort) throws IOException {
        return new TricklingProxy(targetPort);
    }

    int port() {
        return listener.getLocalPort();
    }

    /** From now on each byte towards the client waits {@code pause} (what is mid-way slows down too). */
    void trickle(Duration pause) {
        pauseNanos = pause.toNanos();
    }

    /** From now on bytes pass at once, what was held back included. */
    void passThrough() {
        pauseNanos = 0;
    }

    @Override
    public void close() throws IOException, InterruptedException {
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        acceptor.join(TimeUnit.SECONDS.toMillis(5));
        for (Thread pump : pumps) {
            pump.join(TimeUnit.SECONDS.toMillis(5));
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException closed) {
                return;
            }
            pumps.removeIf(pump -> !pump.isAlive());
            sockets.removeIf(Socket::isClosed);
            if (sockets.size() >= 2 * MAX_CONNECTIONS) {
                closeQuietly(client);
                continue;
            }
            try {
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                sockets.add(client);
                sockets.add(server);
                start(() -> pump(client, server, false), client, server);
                start(() -> pump(server, client, true), client, server);
            } catch (IOException serverDown) {
                closeQuietly(client); // as the server itself would: refused
            }
        }
    }

    private void start(Runnable pump, Socket client, Socket server) {
        Thread thread = new Thread(() -> {
            try {
                pump.run();
            } finally {
                closeQuietly(client);
                closeQuietly(server);
            }
        }, "trickling-proxy-pump");
        thread.setDaemon(true);
        pumps.add(thread);
        thread.start();
    }

    private void pump(Socket from, Socket to, boolean towardsClient) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            int read;
            while ((read = in.read(buffer)) >= 0) {
                int sent = 0;
                while (towardsClient && sent < read && pauseNanos > 0) {
                    out.write(buffer[sent++]);
                    out.flush();
                    TimeUnit.NANOSECONDS.sleep(pauseNanos);
                }
                out.write(buffer, sent, read - sent);
                out.flush();
            }
        } catch (IOException | InterruptedException closed) {
            // either side went away, or the proxy closed: both sockets close
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
