package io.llmfailover.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One request to a {@link FaultServer} and the raw socket to answer it on: a whole answer, a head
 * and then chunks by hand, a reset, or silence.
 */
final class FaultExchange {

    private static final Pattern STREAM_FLAG = Pattern.compile("\"stream\"\\s*:\\s*true");

    /** A request as read off the socket: request line, headers (lower-case names) and body. */
    record Request(String method, String path, Map<String, String> headers, String body) {

        /** The next request on a kept-alive connection, or null when the client closed it. */
        static Request read(InputStream in) throws IOException {
            String requestLine = line(in);
            if (requestLine == null || requestLine.isEmpty()) {
                return null;
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line = line(in); line != null && !line.isEmpty(); line = line(in)) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
                }
            }
            String[] parts = requestLine.split(" ");
            return new Request(parts[0], parts.length > 1 ? parts[1] : "/", headers, body(in, headers));
        }

        private static String body(InputStream in, Map<String, String> headers) throws IOException {
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                ByteArrayOutputStream body = new ByteArrayOutputStream();
                for (int size = chunkSize(in); size > 0; size = chunkSize(in)) {
                    body.write(in.readNBytes(size));
                    line(in);
                }
                for (String trailer = line(in); trailer != null && !trailer.isEmpty(); trailer = line(in)) {
                    // trailers carry nothing a provider stub needs
                }
                return body.toString(StandardCharsets.UTF_8);
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            return new String(in.readNBytes(length), StandardCharsets.UTF_8);
        }

        private static int chunkSize(InputStream in) throws IOException {
            String line = line(in);
            return line == null ? 0 : Integer.parseInt(line.split(";", 2)[0].trim(), 16);
        }

        private static String line(InputStream in) throws IOException {
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b != -1; b = in.read()) {
                if (b == '\n') {
                    int end = line.length();
                    return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
                }
                line.append((char) b);
            }
            return line.length() == 0 ? null : line.toString();
        }
    }

    private final Socket socket;
    private final Request request;
    private final OutputStream out;
    private boolean reusable;

    FaultExchange(Socket socket, Request request) throws IOException {
        this.socket = socket;
        this.request = request;
        this.out = socket.getOutputStream();
        if ("100-continue".equalsIgnoreCase(request.headers().get("expect"))) {
            raw("HTTP/1.1 100 Continue\r\n\r\n");
        }
    }

    Request request() {
        return request;
    }

    /**
     * Asked for a stream: {@code "stream": true} in the body, or a streaming operation in the path
     * (Gemini's, Bedrock's {@code converse-stream} and {@code invoke-with-response-stream}).
     */
    boolean streaming() {
        return STREAM_FLAG.matcher(request.body()).find() || request.path().contains(":streamGenerateContent")
                || request.path().endsWith("-stream");
    }

    boolean acceptsGzip() {
        return request.headers().getOrDefault("accept-encoding", "").toLowerCase(Locale.ROOT).contains("gzip");
    }

    /** A complete answer with a Content-Length; the connection stays open for the next request. */
    void respond(int status, String contentType, byte[] body, String... headerPairs) throws IOException {
        head(status, contentType, headerPairs, "Content-Length: " + body.length);
        out.write(body);
        out.flush();
        reusable = true;
    }

    void respond(int status, String contentType, String body, String... headerPairs) throws IOException {
        respond(status, contentType, body.getBytes(StandardCharsets.UTF_8), headerPairs);
    }

    /** A head announcing a chunked body, which {@link #chunk} and {@link #endChunks} then write. */
    void chunkedHead(int status, String contentType, String... headerPairs) throws IOException {
        head(status, contentType, headerPairs, "Transfer-Encoding: chunked");
    }

    void chunk(byte[] bytes) throws IOException {
        raw(Integer.toHexString(bytes.length) + "\r\n");
        out.write(bytes);
        raw("\r\n");
    }

    void chunk(String text) throws IOException {
        chunk(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The last chunk: the body is complete and the connection may carry the next request. */
    void endChunks() throws IOException {
        raw("0\r\n\r\n");
        reusable = true;
    }

    /** Raw bytes, as they are: a head with a lying Content-Length, half a body. */
    void raw(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Drops the connection with a TCP reset rather than an orderly close. */
    void reset() throws IOException {
        out.flush();
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Says nothing until the client gives up and closes its end (or the server's idle limit). */
    void awaitClientGone() throws IOException {
        while (socket.getInputStream().read() != -1) {
            // a client says nothing more on a request it is waiting on; drain until it leaves
        }
    }

    static void pause(Duration duration) throws InterruptedException {
        Thread.sleep(duration.toMillis());
    }

    /** Whether the connection may carry another request: only after a complete, well-framed answer. */
    boolean reusable() {
        return reusable;
    }

    static void notFound(FaultExchange exchange) throws IOException {
        exchange.respond(404, "application/json", "{\"error\":{\"message\":\"no such stub: "
                + exchange.request().path() + "\",\"type\":\"invalid_request_error\",\"code\":null}}");
    }

    private void head(int status, String contentType, String[] headerPairs, String framing) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        for (int i = 0; i + 1 < headerPairs.length; i += 2) {
            head.append(headerPairs[i]).append(": ").append(headerPairs[i + 1]).append("\r\n");
        }
        head.append(framing).append("\r\n\r\n");
        raw(head.toString());
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 302 -> "Found";
            case 400 -> "Bad Request";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "Status";
        };
    }
}
