package io.llmfailover.agent.lifecycle;

/**
 * The reason phrase of a status line the runtime made (a translated answer, an exhausted chain),
 * for a client whose own library has no table of them; empty for a status it does not name.
 */
public final class ReasonPhrase {

    private ReasonPhrase() {}

    public static String of(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 413 -> "Payload Too Large";
            case 422 -> "Unprocessable Entity";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 502 -> "Bad Gateway";
            case 503 -> "Service Unavailable";
            case 504 -> "Gateway Timeout";
            default -> "";
        };
    }
}
