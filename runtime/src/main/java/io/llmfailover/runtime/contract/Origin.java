package io.llmfailover.runtime.contract;

import java.net.URI;
import java.util.Locale;

/**
 * Where a request goes, as far as trusting it with a credential goes: scheme, host and port. An
 * https to http change or another port is another origin, as it is for a browser.
 */
public record Origin(String scheme, String host, int port) {

    public static Origin of(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("http") ? 80 : scheme.equals("https") ? 443 : -1;
        return new Origin(scheme, host, port);
    }

    @Override
    public String toString() {
        return scheme + "://" + host + ":" + port;
    }
}
