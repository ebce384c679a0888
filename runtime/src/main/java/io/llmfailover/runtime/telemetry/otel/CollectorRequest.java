package io.llmfailover.runtime.telemetry.otel;

import io.llmfailover.runtime.contract.HttpHeaders;
import io.llmfailover.runtime.resilience.throttle.RetryAfter;
import io.opentelemetry.sdk.common.export.Compressor;
import io.opentelemetry.sdk.common.export.HttpResponse;
import io.opentelemetry.sdk.common.export.HttpSenderConfig;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.opentelemetry.sdk.common.export.ProxyOptions;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.URI;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;

/**
 * One OTLP/HTTP POST to the collector over {@code HttpURLConnection}: the exporter's headers,
 * content type and compression, the body written straight from the marshaler, the answer read
 * whole (up to the exporter's cap) so that the connection goes back to the keep-alive cache.
 */
final class CollectorRequest {

    private final HttpSenderConfig config;
    private final URL endpoint;

    CollectorRequest(HttpSenderConfig config) {
        this.config = config;
        try {
            this.endpoint = config.getEndpoint().toURL();
        } catch (IOException | IllegalArgumentException malformed) {
            throw new IllegalArgumentException("the OTLP endpoint " + config.getEndpoint() + " is not a URL", malformed);
        }
    }

    /** What the collector answered. */
    record Answer(int getStatusCode, String getStatusMessage, byte[] getResponseBody, long retryAfterNanos)
            implements HttpResponse {}

    Answer post(MessageWriter message) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) endpoint.openConnection(proxy());
        try {
            configure(connection, message);
            Compressor compressor = config.getCompressor();
            try (OutputStream body = new BufferedOutputStream(connection.getOutputStream(), 8192)) {
                if (compressor == null) {
                    message.writeMessage(body);
                } else {
                    try (OutputStream compressed = compressor.compress(body)) {
                        message.writeMessage(compressed);
                    }
                }
            }
            int status = connection.getResponseCode();
            byte[] answer = readWhole(status >= 400 ? connection.getErrorStream() : connection.getInputStream());
            return new Answer(status, Objects.toString(connection.getResponseMessage(), ""), answer,
                    retryAfterNanos(connection.getHeaderField("Retry-After")));
        } catch (IOException | RuntimeException failed) {
            connection.disconnect();
            throw failed;
        }
    }

    private void configure(HttpURLConnection connection, MessageWriter message) throws IOException {
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setUseCaches(false);
        connection.setInstanceFollowRedirects(false); // the exporter's headers may hold a collector's key: never to another host
        connection.setConnectTimeout(millis(config.getConnectTimeout().toMillis()));
        connection.setReadTimeout(millis(config.getTimeout().toMillis()));
        SSLContext tls = config.getSslContext();
        if (tls != null && connection instanceof HttpsURLConnection https) {
            https.setSSLSocketFactory(tls.getSocketFactory());
        }
        connection.setRequestProperty("Content-Type", config.getContentType());
        Map<String, List<String>> headers = config.getHeadersSupplier().get();
        if (headers != null) {
            headers.forEach((name, values) -> values.forEach(value -> connection.addRequestProperty(name, value)));
        }
        Compressor compressor = config.getCompressor();
        if (compressor == null) {
            connection.setFixedLengthStreamingMode(message.getContentLength());
        } else {
            connection.setRequestProperty("Content-Encoding", compressor.getEncoding());
            connection.setChunkedStreamingMode(0);
        }
    }

    /** The exporter's proxy, else none: the JVM's {@code http.proxyHost} is the app's, not the collector's. */
    private Proxy proxy() {
        ProxyOptions options = config.getProxyOptions();
        if (options == null) {
            return Proxy.NO_PROXY;
        }
        List<Proxy> proxies = options.getProxySelector().select(URI.create(endpoint.toString()));
        return proxies == null || proxies.isEmpty() ? Proxy.NO_PROXY : proxies.get(0);
    }

    /** Read to its end, so the connection can be kept; beyond the cap the rest is dropped with the connection. */
    private byte[] readWhole(InputStream in) throws IOException {
        if (in == null) {
            return new byte[0];
        }
        try (in) {
            long cap = config.getMaxResponseBodySize();
            ByteArrayOutputStream whole = new ByteArrayOutputStream();
            byte[] chunk = new byte[1024];
            int read;
            while ((read = in.read(chunk)) != -1) {
                if (whole.size() + read > cap) {
                    throw new AnswerTooLong(cap);
                }
                whole.write(chunk, 0, read);
            }
            return whole.toByteArray();
        }
    }

    /** The collector's {@code Retry-After} (seconds or an HTTP date), or -1 when it says none. */
    static long retryAfterNanos(String value) {
        if (value == null) {
            return -1;
        }
        OptionalLong millis = RetryAfter.waitMillis(HttpHeaders.builder().add("retry-after", value).build(),
                System.currentTimeMillis());
        return millis.isPresent() ? TimeUnit.MILLISECONDS.toNanos(millis.getAsLong()) : -1;
    }

    /** The collector's answer went past the exporter's cap: sending the export again would only get it again. */
    static final class AnswerTooLong extends IOException {
        AnswerTooLong(long cap) {
            super("the collector's answer is longer than " + cap + " bytes");
        }
    }

    private static int millis(long millis) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, millis));
    }
}
