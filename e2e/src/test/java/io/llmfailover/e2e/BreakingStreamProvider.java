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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider on loopback whose every answer is an event stream (Anthropic or Gemini format) that
 * breaks: the head and the first chunks arrive, then the connection drops without the stream's end.
 * WireMock cannot cut a stream half-way, so this is a plain socket server.
 */
final class BreakingStreamProvider implements AutoCloseable {

    /** The wire format of the events sent before the break. */
    private enum Format { ANTHROPIC, GEMINI }

    private final Format format;
    private final ServerSocket server;
    private final AtomicInteger requests = new AtomicInteger();
    private final Thread acceptor;

    private BreakingStreamProvider(Format format) throws IOException {
        this.format = format;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::serve, "breaking-stream-provider");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Breaks Anthropic messages streams, after {@code message_start}, the text block's start and its first deltas. */
    static BreakingStreamProvider startAnthropic() throws IOException {
        return new BreakingStreamProvider(Format.ANTHROPIC);
    }

    /** Breaks Gemini {@code streamGenerateContent} streams after the {@code data:} frames of the first texts. */
    static BreakingStreamProvider startGemini() throws IOException {
        return new BreakingStreamProvider(Format.GEMINI);
    }

    String baseUrl() {
        return rootUrl() + (format == Format.GEMINI ? "/v1beta" : "/v1");
    }

    /** The base URL without version path, as the Anthropic and Google Gen AI SDKs are given it. */
    String rootUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
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
        for (String event : events()) {
            byte[] bytes = event.getBytes(StandardCharsets.UTF_8);
            out.write((Integer.toHexString(bytes.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.write(bytes);
            out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }
        // A pause lets the client hand the chunks to the app; then the socket closes without the
        // terminating chunk: the stream broke.
        pause(Duration.ofMillis(300));
    }

    private List<String> events() {
        return switch (format) {
            case ANTHROPIC -> anthropicEvents();
            case GEMINI -> geminiEvents();
        };
    }

    private List<String> geminiEvents() {
        List<String> events = new ArrayList<>();
        for (String chunk : chunksBeforeBreak()) {
            events.add("data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"" + chunk + "\"}],"
                    + "\"role\":\"model\"},\"index\":0}],\"usageMetadata\":{\"promptTokenCount\":4},"
                    + "\"modelVersion\":\"breaking-model\",\"responseId\":\"e2e-breaking\"}\r\n\r\n");
        }
        return events;
    }

    private List<String> anthropicEvents() {
        List<String> events = new ArrayList<>();
        events.add(anthropicEvent("message_start", "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_breaking\","
                + "\"type\":\"message\",\"role\":\"assistant\",\"model\":\"breaking-model\",\"content\":[],"
                + "\"stop_reason\":null,\"stop_sequence\":null,\"usage\":{\"input_tokens\":14,\"output_tokens\":1}}}"));
        events.add(anthropicEvent("content_block_start",
                "{\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"));
        for (String chunk : chunksBeforeBreak()) {
            events.add(anthropicEvent("content_block_delta", "{\"type\":\"content_block_delta\",\"index\":0,"
                    + "\"delta\":{\"type\":\"text_delta\",\"text\":\"" + chunk + "\"}}"));
        }
        return events;
    }

    private static String anthropicEvent(String type, String data) {
        return "event: " + type + "\ndata: " + data + "\n\n";
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
