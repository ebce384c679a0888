package io.llmfailover.runtime.telemetry.otel;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/**
 * Whether anything listens at an OTLP endpoint, asked once as the JVM exits: when the collector
 * refuses connections, the last export would only retry until its deadline, so the exit does not
 * wait for it. A refused connection answers at once; the timeout bounds a silent host.
 */
final class CollectorProbe {

    private static final int CONNECT_TIMEOUT_MILLIS = 100;

    private CollectorProbe() {}

    /** @param endpoint a full OTLP URL, or null for a signal that is not exported over OTLP */
    static boolean listening(String endpoint) {
        if (endpoint == null) {
            return false;
        }
        try (Socket socket = new Socket()) {
            URI uri = URI.create(endpoint);
            int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            socket.connect(new InetSocketAddress(uri.getHost(), port), CONNECT_TIMEOUT_MILLIS);
            return true;
        } catch (IOException | IllegalArgumentException | SecurityException unreachable) {
            return false;
        }
    }
}
