package io.llmfailover.runtime.state.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.util.function.Supplier;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import redis.clients.jedis.JedisSocketFactory;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * Makes the socket of one connection to Redis, within the deadline of the round trip that needs it
 * (connect, then TLS). With {@code rediss://} it checks that the certificate names the host of the
 * URL (endpoint identification, as HTTPS does), not only that a trusted authority signed it; the
 * trusted authorities are the JVM's ({@code javax.net.ssl.trustStore}, else its cacerts).
 */
final class RedisSocket implements JedisSocketFactory {

    private final RedisEndpoint endpoint;
    private final Supplier<SSLSocketFactory> tls;
    private final DeadlineSocket plain = new DeadlineSocket();

    /** @param deadlineNanos when the round trip that connects must be done */
    RedisSocket(RedisEndpoint endpoint, Supplier<SSLSocketFactory> tls, long deadlineNanos) {
        this.endpoint = endpoint;
        this.tls = tls;
        plain.boundBy(deadlineNanos);
    }

    @Override
    public Socket createSocket() throws JedisConnectionException {
        try {
            plain.setTcpNoDelay(true);
            plain.setKeepAlive(true);
            plain.setSoLinger(true, 0);
            String host = endpoint.address().getHost();
            plain.connect(new InetSocketAddress(host, endpoint.address().getPort()), plain.remainingMillis());
            return endpoint.tls() ? handshake(host) : plain;
        } catch (IOException | RuntimeException e) {
            close();
            if (e instanceof UnknownHostException) {
                throw new JedisConnectionException("unknown host " + endpoint.address().getHost(), e);
            }
            throw new JedisConnectionException(e);
        }
    }

    private Socket handshake(String host) throws IOException {
        SSLSocket secure = (SSLSocket) tls.get().createSocket(plain, host, endpoint.address().getPort(), true);
        SSLParameters parameters = secure.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        secure.setSSLParameters(parameters);
        secure.startHandshake();
        return secure;
    }

    /** The socket beneath any TLS, whose reads a round trip's deadline bounds. */
    DeadlineSocket plain() {
        return plain;
    }

    /** Closes the plain socket beneath any TLS: a read blocked on it, on any thread, fails at once. */
    void close() {
        try {
            plain.close();
        } catch (IOException e) {
            // Already closed.
        }
    }
}
