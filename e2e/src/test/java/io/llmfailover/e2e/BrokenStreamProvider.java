package io.llmfailover.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider whose streams break: it answers every request {@code 200 text/event-stream}, sends
 * its OpenAI chunks (one, {@code Hello}, unless told others), and drops the connection before the
 * stream's end. Raw sockets, because an HTTP server library would finish the chunked body properly.
 */
final class BrokenStreamProvider implements AutoCloseable {

    private static final String HEAD = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n";
    private final List<String> contents;
    /** After its chunks the stream stalls, its connection held open until the client goes away, instead of dropping. */
    private final boolean stalls;
    private final ServerSocket server;
    private final Thread acceptor;
    private final AtomicInteger requests = new AtomicInteger();

    BrokenStreamProvider() throws IOException {
        this("Hello");
    }

    /** Sends a chunk per content, in order, then breaks. */
    BrokenStreamProvider(String... contents) throws IOException {
        this(false, contents);
    }

    /** Sends a chunk per content, in order, then stalls: nothing more comes until the client goes away. */
    static BrokenStreamProvider stallingAfter(String... contents) throws IOException {
        return new BrokenStreamProvider(true, contents);
    }

    private BrokenStreamProvider(boolean stalls, String... contents) throws IOException {
        this.contents = List.of(contents);
        this.stalls = stalls;
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
                requests.incrementAndGet();
                OutputStream out = connection.getOutputStream();
                out.write(HEAD.getBytes(StandardCharsets.US_ASCII));
                for (int i = 0; i < contents.size(); i++) {
                    byte[] event = chunk(contents.get(i), i == 0).getBytes(StandardCharsets.UTF_8);
                    out.write((Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.write(event);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    pauseBetweenChunks();
                }
                if (stalls) {
                    waitForTheClientToGo(connection.getInputStream());
                }
                // Closing here, with no terminating chunk, is the break the client sees mid-stream.
            } catch (IOException closedOrReset) {
                // the next connection, or the end
            }
        }
    }

    /** Several chunks arrive apart, as a model writes them, so that each reaches the app before the break. */
    private void pauseBetweenChunks() {
        if (contents.size() > 1) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Reads until the client closes its end (or resets it): a cancelled call closes its connection. */
    private static void waitForTheClientToGo(InputStream in) throws IOException {
        while (in.read() >= 0) {
            // a client sends nothing more on this connection
        }
    }

    int requests() {
        return requests.get();
    }

    private static String chunk(String content, boolean first) {
        return "data: {\"id\":\"chatcmpl-broken\",\"object\":\"chat.completion.chunk\",\"created\":1767225600,"
                + "\"model\":\"broken-model\",\"choices\":[{\"index\":0,\"delta\":{"
                + (first ? "\"role\":\"assistant\"," : "") + "\"content\":\"" + content + "\"},\"finish_reason\":null}]}\n\n";
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
