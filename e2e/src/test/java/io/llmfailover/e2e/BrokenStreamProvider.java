package io.llmfailover.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A provider whose streams break: it answers every request {@code 200 text/event-stream}, sends
 * one OpenAI chunk, and drops the connection before the stream's end. Raw sockets, because an
 * HTTP server library would finish the chunked body properly.
 */
final class BrokenStreamProvider implements AutoCloseable {

    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";
    private static final String FIRST_EVENT = "data: {\"id\":\"chatcmpl-broken\",\"object\":\"chat.completion.chunk\","
            + "\"created\":1767225600,\"model\":\"broken-model\",\"choices\":[{\"index\":0,"
            + "\"delta\":{\"role\":\"assistant\",\"content\":\"Hello\"},\"finish_reason\":null}]}\n\n";

    private final ServerSocket server;
    private final Thread acceptor;

    BrokenStreamProvider() throws IOException {
        server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::serve, "broken-stream-provider");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket connection = server.accept()) {
                skipRequest(connection.getInputStream());
                OutputStream out = connection.getOutputStream();
                byte[] event = FIRST_EVENT.getBytes(StandardCharsets.UTF_8);
                out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
                out.write((Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(event);
                out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                // Closing here, with no terminating chunk, is the break the client sees mid-stream.
            } catch (IOException closedOrReset) {
                // the next connection, or the end
            }
        }
    }

    /** Reads the request head and its Content-Length body, so the client has finished sending. */
    private static void skipRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return;
            }
            head.append((char) b);
        }
        long length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Long.parseLong(line.substring("content-length:".length()).trim());
            }
        }
        in.readNBytes((int) length);
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
