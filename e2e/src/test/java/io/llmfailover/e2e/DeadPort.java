package io.llmfailover.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A loopback port nothing listens on: bound once to learn a free number, then closed. */
final class DeadPort {

    private DeadPort() {}

    static int allocate() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
