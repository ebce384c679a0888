package io.llmfailover.runtime.call;

/** Gemini accepts its key as {@code ?key=}: such a query parameter is a credential like a header. */
public final class CredentialQuery {

    private CredentialQuery() {}

    /** The raw query without any {@code key=} parameter; null when nothing is left. */
    public static String strip(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return null;
        }
        StringBuilder kept = new StringBuilder();
        for (String parameter : rawQuery.split("&")) {
            if (parameter.isEmpty() || parameter.startsWith("key=") || parameter.equals("key")) {
                continue;
            }
            if (kept.length() > 0) {
                kept.append('&');
            }
            kept.append(parameter);
        }
        return kept.length() == 0 ? null : kept.toString();
    }
}
