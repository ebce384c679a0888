package io.llmfailover.runtime.provider;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The contract's rules for a provider's base URL: http or https, a host, no query; a URL with no
 * path gets the protocol's default version path; never a trailing '/'; Vertex AI's names the project
 * and location.
 */
public final class BaseUrl {

    /** Where a Vertex AI base URL points: one project's models in one location. */
    private static final Pattern VERTEX_LOCATION = Pattern.compile(".*/projects/[^/]+/locations/[^/]+");

    private BaseUrl() {}

    /**
     * @throws IllegalArgumentException with a message saying what is wrong, fit to follow the
     *     offending value in a config error
     */
    public static URI normalise(String url, Protocol protocol) {
        URI uri = parse(url.trim());
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("not an http(s) URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("the URL has no host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("credentials do not belong in the URL; use api-key");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("a base URL takes no query or fragment");
        }
        String path = withoutTrailingSlashes(uri.getRawPath() == null ? "" : uri.getRawPath());
        if (path.isEmpty()) {
            path = protocol.defaultVersionPath();
        }
        if (protocol.vertexPublisher() != null && !VERTEX_LOCATION.matcher(path).matches()) {
            throw new IllegalArgumentException("a Vertex AI URL ends with /projects/<project>/locations/<location>");
        }
        String port = uri.getPort() == -1 ? "" : ":" + uri.getPort();
        return URI.create(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + port + path);
    }

    /** The port a request to {@code uri} really goes to: the explicit one, else 80 or 443. */
    public static int effectivePort(URI uri) {
        int port = uri.getPort();
        if (port != -1) {
            return port;
        }
        return "http".equalsIgnoreCase(uri.getScheme()) ? 80 : 443;
    }

    /** Whether {@code path} is {@code basePath} or lies below it, segment-wise. */
    public static boolean isUnder(String path, String basePath) {
        if (basePath.isEmpty()) {
            return true;
        }
        return path.startsWith(basePath)
                && (path.length() == basePath.length() || path.charAt(basePath.length()) == '/');
    }

    private static URI parse(String url) {
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL (" + e.getReason() + ")");
        }
    }

    private static String withoutTrailingSlashes(String path) {
        int end = path.length();
        while (end > 0 && path.charAt(end - 1) == '/') {
            end--;
        }
        return path.substring(0, end);
    }
}
