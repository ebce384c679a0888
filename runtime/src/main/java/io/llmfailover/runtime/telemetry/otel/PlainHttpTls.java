package io.llmfailover.runtime.telemetry.otel;

import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The TLS set-up given to an exporter whose collector speaks plain HTTP. Its HTTP client wants one
 * whatever the scheme, and the JVM's default (every trusted root certificate parsed, key managers
 * built) is the largest part of starting the SDK; this one is built in a fraction of that and trusts
 * nothing, which a plain-HTTP connection never asks it to.
 */
final class PlainHttpTls {

    static final X509TrustManager TRUSTS_NOTHING = new X509TrustManager() {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("the collector's endpoint is plain HTTP");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("the collector's endpoint is plain HTTP");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    };

    private PlainHttpTls() {}

    static boolean isPlainHttp(String endpoint) {
        return endpoint != null && endpoint.regionMatches(true, 0, "http://", 0, 7);
    }

    /** @throws IllegalStateException should the JVM have no TLS at all */
    static SSLContext context() {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(new KeyManager[0], new TrustManager[] {TRUSTS_NOTHING}, null);
            return context;
        } catch (GeneralSecurityException noTls) {
            throw new IllegalStateException("no TLS in this JVM", noTls);
        }
    }
}
