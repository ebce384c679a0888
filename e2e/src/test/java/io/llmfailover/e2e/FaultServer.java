package io.llmfailover.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Many misbehaving providers on one loopback port, told apart by path: {@code /<cell>/<role>/<version>/...}
 * is the provider {@code role} (primary, backup …) of one cell of the fault matrix. Plain sockets,
 * so a provider can reset a connection, hang, trickle keep-alives or cut a stream short, which no
 * mock server does. Connections are kept alive between complete answers, as real providers do.
 */
final class FaultServer implements AutoCloseable {

    /** What one provider sends for each request it receives. */
    @FunctionalInterface
    interface Behaviour {
        void answer(FaultExchange exchange) throws IOException, InterruptedException;
    }

    /** No connection outlives this without a byte from the client: every loop here ends by itself. */
    private static final Duration IDLE_LIMIT = Duration.ofSeconds(60);

    private final ServerSocket server;
    private final Map<String, Behaviour> behaviours = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private final Map<String, List<FaultExchange.Request>> received = new ConcurrentHashMap<>();

    private FaultServer() throws IOException {
        server = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptConnections, "fault-server-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static FaultServer start() throws IOException {
        return new FaultServer();
    }

    /** From now on {@code role} of {@code cell} answers this way. */
    FaultServer on(String cell, String role, Behaviour behaviour) {
        behaviours.put(cell + "/" + role, behaviour);
        return this;
    }

    /** The base URL of one provider of one cell, without a version path. */
    String rootUrl(String cell, String role) {
        return "http://127.0.0.1:" + server.getLocalPort() + "/" + cell + "/" + role;
    }

    /** How many requests this provider of this cell received, answered or not. */
    int requests(String cell, String role) {
        AtomicInteger count = requests.get(cell + "/" + role);
        return count == null ? 0 : count.get();
    }

    /** The requests this provider of this cell received, in order of arrival. */
    List<FaultExchange.Request> received(String cell, String role) {
        return List.copyOf(received.getOrDefault(cell + "/" + role, List.of()));
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    private void acceptConnections() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Thread connection = new Thread(() -> serve(socket), "fault-server-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setSoTimeout((int) IDLE_LIMIT.toMillis());
            FaultExchange.Request request;
            while ((request = FaultExchange.Request.read(socket.getInputStream())) != null) {
                FaultExchange exchange = new FaultExchange(socket, request);
                String provider = providerOf(request.path());
                requests.computeIfAbsent(provider, p -> new AtomicInteger()).incrementAndGet();
                received.computeIfAbsent(provider, p -> new CopyOnWriteArrayList<>()).add(request);
                behaviours.getOrDefault(provider, FaultExchange::notFound).answer(exchange);
                if (!exchange.reusable()) {
                    return;
                }
            }
        } catch (SocketTimeoutException | InterruptedException idleOrStopped) {
            // a hang that outlived every client, or a stopped test: the socket closes
        } catch (IOException clientWentAway) {
            // the agent aborted the attempt, or the test ended: nothing to answer any more
        }
    }

    /** {@code /<cell>/<role>/v1/chat/completions} → {@code <cell>/<role>}. */
    private static String providerOf(String path) {
        String[] segments = path.split("/", 4);
        return segments.length < 3 ? path : segments[1] + "/" + segments[2];
    }
}
