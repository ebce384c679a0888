package io.llmfailover.runtime.protocol.translate;

import java.util.Locale;

/** Media types guessed from a URL's extension, for targets that want one with every file reference. */
public final class MediaTypes {

    private MediaTypes() {}

    public static String guess(String url) {
        if (url == null) {
            return "image/jpeg";
        }
        String path = url.toLowerCase(Locale.ROOT);
        int query = path.indexOf('?');
        if (query >= 0) {
            path = path.substring(0, query);
        }
        if (path.endsWith(".png")) {
            return "image/png";
        }
        if (path.endsWith(".gif")) {
            return "image/gif";
        }
        if (path.endsWith(".webp")) {
            return "image/webp";
        }
        if (path.endsWith(".pdf")) {
            return "application/pdf";
        }
        return "image/jpeg";
    }

    public static boolean isPdf(String mediaType) {
        return "application/pdf".equals(mediaType);
    }
}
