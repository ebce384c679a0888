package io.llmfailover.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback port that child JVMs run side by side connect to once ready (see {@link
 * io.llmfailover.e2e.apps.FirstCallsApp#START_LINE_PROPERTY}), each held there until every one has
 * come: what they time then starts at the same moment, so whatever else the machine does meets
 * them alike, however long each took to start.
 */
final class StartLine implements AutoCloseable {

    private final ServerSocket server;
    private final int runners;

    StartLine(int runners) throws IOException {
        this.server = new ServerSocket(0, runners, InetAddress.getLoopbackAddress());
        this.runners = runners;
    }

    int port() {
        return server.getLocalPort();
    }

    /**
     * Waits for every runner to come, then lets them all go at once. A runner that has not come
     * within {@code timeout} (its JVM failed) is not waited for: the others go then.
     */
    void release(Duration timeout) throws IOException {
        List<Socket> waiting = new ArrayList<>();
        long end = System.nanoTime() + timeout.toNanos();
        try {
            while (waiting.size() < runners) {
                long left = Math.max(1, (end - System.nanoTime()) / 1_000_000);
                server.setSoTimeout((int) Math.min(left, Integer.MAX_VALUE));
                waiting.add(server.accept());
            }
        } catch (SocketTimeoutException notAllCame) {
            // the others go without it
        }
        for (Socket runner : waiting) {
            try (runner; OutputStream go = runner.getOutputStream()) {
                go.write('g');
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
