package io.llmfailover.runtime.state.redis;

import static io.llmfailover.runtime.state.fleet.FleetStore.UNAVAILABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.BreakerSettings;
import io.llmfailover.runtime.config.FailoverConfig;
import io.llmfailover.runtime.config.FailoverPolicy;
import io.llmfailover.runtime.config.FleetSettings;
import io.llmfailover.runtime.config.ProviderLimits;
import io.llmfailover.runtime.config.ThrottleSettings;
import io.llmfailover.runtime.resilience.breaker.CircuitBreaker;
import io.llmfailover.runtime.state.fleet.FleetState;
import io.llmfailover.runtime.testing.LogCapture;
import io.llmfailover.runtime.time.Clock;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rediss://} checks the host name as well as the chain, against redis-servers speaking TLS
 * with certificates made here by one test authority ({@code openssl}): one names another host, one
 * names 127.0.0.1 and localhost.
 */
@ExtendWith({RedisServerInstalled.class, OpensslInstalled.class})
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisTlsTest {

    /** Generous: what is tested here is the host check, and a cold JVM's first handshakes are slow. */
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final FailoverConfig CONFIG = new FailoverConfig(Optional.empty(), Map.of(), List.of(),
            new BreakerSettings(0.5, 20, Duration.ofSeconds(10), 3, Duration.ofSeconds(5), 1),
            ThrottleSettings.DEFAULTS, Duration.ofSeconds(2), FailoverPolicy.DEFAULTS, Map.of(), false, Map.of());

    @TempDir
    static Path certificates;

    private static SSLSocketFactory trustingTheTestAuthority;
    private static TlsRedis namingAnotherHost;
    private static TlsRedis namingThisHost;

    private final List<AutoCloseable> closing = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=llm-failover test authority",
                "-keyout", "ca.key", "-out", "ca.crt");
        certificate("other-host", "DNS:redis.other.example");
        certificate("this-host", "IP:127.0.0.1,DNS:localhost");
        trustingTheTestAuthority = trusting(certificates.resolve("ca.crt"));
        namingAnotherHost = TlsRedis.start("other-host");
        namingThisHost = TlsRedis.start("this-host");
    }

    @AfterAll
    static void stop() throws Exception {
        for (TlsRedis started : new TlsRedis[] {namingAnotherHost, namingThisHost}) {
            if (started != null) {
                started.close();
            }
        }
    }

    @AfterEach
    void closeStores() throws Exception {
        for (AutoCloseable store : closing) {
            store.close();
        }
    }

    @Test
    void aCertificateNamingAnotherHostIsRefusedLoggedOnceAndTheInstanceGoesOnLocally() throws Exception {
        try (LogCapture log = new LogCapture()) {
            FleetState instance = FleetState.start(CONFIG, store("rediss://127.0.0.1:" + namingAnotherHost.tlsPort + "/0"),
                    Clock.SYSTEM, Set.of("openai"), List.of(), List.of());
            closing.add(instance);
            CircuitBreaker breaker = instance.breaker("openai", "gpt-4o");

            assertEquals(UNAVAILABLE, instance.sharedQuotas().tryTake("openai\nopenai\nkey#0", 1, 0,
                    new ProviderLimits(60, 0, 0)), "the quota is this instance's own");
            assertTrue(breaker.tryAcquire().isPresent(), "calls go on");
            Thread.sleep(1500); // the writer tries to reconnect meanwhile, each time refused

            List<String> refused = log.linesWith("is unreachable");
            assertEquals(1, refused.size(), "logged once: " + log.lines());
            assertTrue(refused.get(0).contains("No subject alternative names matching IP address 127.0.0.1"),
                    "says why: " + refused.get(0));
            assertEquals(List.of(), log.linesWith("is back"));
        }
    }

    @Test
    void aCertificateNamingTheHostIsAcceptedByAddressAndByName() {
        RedisFleetStore byAddress = store("rediss://127.0.0.1:" + namingThisHost.tlsPort + "/0");
        RedisFleetStore byName = store("rediss://localhost:" + namingThisHost.tlsPort + "/0");

        assertEquals(0, take(byAddress), "TLS to 127.0.0.1, which the certificate names");
        assertEquals(0, take(byName), "TLS to localhost, which the certificate names");
    }

    private RedisFleetStore store(String url) {
        FleetSettings settings = new FleetSettings(true, URI.create(url), null, TIMEOUT, "tls:");
        RedisFleetStore store = new RedisFleetStore(settings, () -> trustingTheTestAuthority, Duration.ofSeconds(2));
        closing.add(store);
        return store;
    }

    private static long take(RedisFleetStore store) {
        return store.tryTake(new String[] {"rpm"}, new double[] {1}, new double[] {1e9}, new double[] {1e6});
    }

    /** A key and a certificate for {@code subjectAltName}, signed by the test authority. */
    private static void certificate(String name, String subjectAltName) throws Exception {
        Files.writeString(certificates.resolve(name + ".ext"), "subjectAltName=" + subjectAltName + "\n");
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=" + name, "-keyout", name + ".key",
                "-out", name + ".csr");
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                "-days", "2", "-extfile", name + ".ext", "-out", name + ".crt");
    }

    /** Runs {@code openssl} in the certificates' folder (the class needs it installed: {@link OpensslInstalled}). */
    private static void openssl(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(certificates.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("openssl " + String.join(" ", arguments) + " failed: " + output);
        }
    }

    private static SSLSocketFactory trusting(Path authority) throws Exception {
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        try (InputStream in = Files.newInputStream(authority)) {
            trusted.setCertificateEntry("test-authority", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context.getSocketFactory();
    }

    /** A redis-server that speaks TLS on a port of its own, with the certificate {@code name}. */
    private record TlsRedis(RedisProcess process, int tlsPort) implements AutoCloseable {

        static TlsRedis start(String name) throws IOException {
            int tlsPort;
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                tlsPort = free.getLocalPort();
            }
            RedisProcess process = RedisProcess.start("--tls-port", Integer.toString(tlsPort),
                    "--tls-cert-file", certificates.resolve(name + ".crt").toString(),
                    "--tls-key-file", certificates.resolve(name + ".key").toString(),
                    "--tls-ca-cert-file", certificates.resolve("ca.crt").toString(),
                    "--tls-auth-clients", "no");
            return new TlsRedis(process, tlsPort);
        }

        @Override
        public void close() throws Exception {
            process.close();
        }
    }
}
