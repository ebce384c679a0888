package io.llmfailover.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@link FaultServer}s a test starts, each closed once the test ends. Register it as a field
 * ({@code @RegisterExtension final FaultServers servers = new FaultServers();}); a test may start
 * servers from several threads at once.
 */
final class FaultServers implements AfterEachCallback {

    private final List<FaultServer> started = new CopyOnWriteArrayList<>();

    /** A new server on a free loopback port, closed after the test. */
    FaultServer start() {
        try {
            FaultServer server = FaultServer.start();
            started.add(server);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a fault server", e);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        for (FaultServer server : started) {
            server.close();
        }
        started.clear();
    }
}
