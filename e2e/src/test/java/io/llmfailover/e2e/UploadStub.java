package io.llmfailover.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.llmfailover.e2e.MultipartParts.Part;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A provider's files endpoint on loopback that counts what it receives and keeps none of it: every
 * request's method, path, body length and, for a multipart body, each part's length and CRC-32.
 * (WireMock's journal would keep a 200 MB body in this JVM's heap.) {@code POST .../files} is
 * answered with an OpenAI file object, anything else with 404.
 */
final class UploadStub implements AutoCloseable {

    /** One request as received; {@code error} says why its body could not be read as sent, else null. */
    record Received(String method, String path, long bodyBytes, List<Part> parts, String error, Set<String> headerNames) {
        /** The part named {@code name}, or null. */
        Part part(String name) {
            return parts.stream().filter(p -> name.equals(p.name())).findFirst().orElse(null);
        }
    }

    static final String FILE_ID = "file-e2e-upload";

    private final String name;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(4);
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private UploadStub(String name) throws IOException {
        this.name = name;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    static UploadStub start(String name) throws IOException {
        return new UploadStub(name);
    }

    String name() {
        return name;
    }

    /** The base URL an SDK is given, version path included. */
    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Every request received, on any path, in arrival order. */
    List<Received> requests() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            Counting body = new Counting(exchange.getRequestBody());
            String boundary = MultipartParts.boundaryOf(exchange.getRequestHeaders().getFirst("Content-Type"));
            List<Part> parts = List.of();
            String error = null;
            try {
                if (boundary != null) {
                    parts = MultipartParts.read(body, boundary);
                } else {
                    body.transferTo(OutputStream.nullOutputStream());
                }
            } catch (IOException broken) {
                error = broken.toString();
            }
            Set<String> headerNames = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
            headerNames.addAll(exchange.getRequestHeaders().keySet());
            received.add(new Received(method, path, body.count, parts, error, headerNames));
            if (error != null) {
                respond(exchange, 400, "{\"error\":{\"message\":\"" + error.replace('"', '\'')
                        + "\",\"type\":\"invalid_request_error\"}}");
            } else if (method.equals("POST") && path.endsWith("/files")) {
                Part file = parts.stream().filter(p -> "file".equals(p.name())).findFirst().orElse(null);
                respond(exchange, 200, "{\"id\":\"" + FILE_ID + "\",\"object\":\"file\",\"bytes\":"
                        + (file == null ? 0 : file.bytes()) + ",\"created_at\":1700000000,\"filename\":\""
                        + (file == null || file.filename() == null ? "" : file.filename())
                        + "\",\"purpose\":\"assistants\",\"status\":\"processed\"}");
            } else {
                respond(exchange, 404, "{\"error\":{\"message\":\"no such path\",\"type\":\"invalid_request_error\"}}");
            }
        }
    }

    private static void respond(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    /** Counts the bytes read through it. */
    private static final class Counting extends InputStream {
        private final InputStream in;
        long count;

        Counting(InputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            int n = in.read(into, offset, length);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }
}
