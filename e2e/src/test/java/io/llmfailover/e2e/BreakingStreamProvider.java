package io.llmfailover.e2e;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider on loopback whose every answer is an OpenAI-format event stream that breaks: the head
 * and the first chunks arrive, then the connection drops without the stream's end. WireMock cannot
 * cut a stream half-way, so this is a plain socket server.
 */
final class BreakingStreamProvider implements AutoCloseable {

    private final ServerSocket server;
    private final AtomicInteger requests = new AtomicInteger();
    private final Thread acceptor;

    private BreakingStreamProvider() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::serve, "breaking-stream-provider");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    static BreakingStreamProvider start() throws IOException {
        return new BreakingStreamProvider();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/v1";
    }

    /** The content deltas sent before the connection drops. */
    List<String> chunksBeforeBreak() {
        return List.of("Hello", " from");
    }

    int requests() {
        return requests.get();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    private void serve() {
        while (!server.isClosed()) {
            try (Socket socket = server.accept()) {
                readRequest(socket);
                requests.incrementAndGet();
                answerThenBreak(socket.getOutputStream());
            } catch (IOException e) {
                // closed by the test, or a client that went away: either way, next
            }
        }
    }

    private static void readRequest(Socket socket) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1));
        int length = 0;
        for (String line = in.readLine(); line != null && !line.isEmpty(); line = in.readLine()) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        for (int i = 0; i < length; i++) {
            in.read();
        }
    }

    private void answerThenBreak(OutputStream out) throws IOException {
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        String chunk = StubProvider.fixture("chat-completion-chunk.json").replace("%NAME%", "breaking").replace("\n", "");
        List<String> chunks = chunksBeforeBreak();
        for (int i = 0; i < chunks.size(); i++) {
            String role = i == 0 ? "\"role\":\"assistant\"," : "";
            String delta = "{" + role + "\"content\":\"" + chunks.get(i) + "\"}";
            byte[] event = ("data: " + chunk.replace("%DELTA%", delta).replace("%FINISH%", "null") + "\n\n")
                    .getBytes(StandardCharsets.UTF_8);
            out.write((Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(event);
            out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
        // A pause lets the client hand the chunks to the app; then the socket closes without the
        // terminating chunk: the stream broke.
        pause(Duration.ofMillis(300));
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
