package io.llmfailover.runtime.protocol.translate.model;

import java.util.Locale;

/** The families of provider errors, with each protocol's name for them. */
public enum ErrorKind {
    INVALID_REQUEST(400, "invalid_request_error", null, "invalid_request_error", "INVALID_ARGUMENT", "ValidationException"),
    AUTHENTICATION(401, "invalid_request_error", "invalid_api_key", "authentication_error", "UNAUTHENTICATED",
            "AccessDeniedException"),
    PERMISSION(403, "invalid_request_error", "permission_denied", "permission_error", "PERMISSION_DENIED",
            "AccessDeniedException"),
    NOT_FOUND(404, "invalid_request_error", "not_found", "not_found_error", "NOT_FOUND", "ResourceNotFoundException"),
    TOO_LARGE(413, "invalid_request_error", "request_too_large", "request_too_large", "INVALID_ARGUMENT",
            "ValidationException"),
    RATE_LIMIT(429, "rate_limit_error", "rate_limit_exceeded", "rate_limit_error", "RESOURCE_EXHAUSTED",
            "ThrottlingException"),
    SERVER(500, "server_error", null, "api_error", "INTERNAL", "InternalServerException"),
    OVERLOADED(503, "server_error", "overloaded", "overloaded_error", "UNAVAILABLE", "ServiceUnavailableException"),
    TIMEOUT(504, "server_error", "timeout", "timeout_error", "DEADLINE_EXCEEDED", "ModelTimeoutException");

    private final int status;
    private final String openAiType;
    private final String openAiCode;
    private final String anthropicType;
    private final String geminiStatus;
    private final String bedrockException;

    ErrorKind(int status, String openAiType, String openAiCode, String anthropicType, String geminiStatus,
            String bedrockException) {
        this.status = status;
        this.openAiType = openAiType;
        this.openAiCode = openAiCode;
        this.anthropicType = anthropicType;
        this.geminiStatus = geminiStatus;
        this.bedrockException = bedrockException;
    }

    /** The HTTP status this family is usually reported with (503 for overload; Anthropic uses 529). */
    public int status() {
        return status;
    }

    public String openAiType() {
        return openAiType;
    }

    public String openAiCode() {
        return openAiCode;
    }

    public String anthropicType() {
        return anthropicType;
    }

    public String geminiStatus() {
        return geminiStatus;
    }

    /** Bedrock's exception name, as its {@code __type} and {@code x-amzn-ErrorType} give it. */
    public String bedrockException() {
        return bedrockException;
    }

    public static ErrorKind fromStatus(int status) {
        return switch (status) {
            case 400, 422 -> INVALID_REQUEST;
            case 401 -> AUTHENTICATION;
            case 403 -> PERMISSION;
            case 404 -> NOT_FOUND;
            case 413 -> TOO_LARGE;
            case 429 -> RATE_LIMIT;
            case 503, 529 -> OVERLOADED;
            case 504 -> TIMEOUT;
            default -> status >= 500 || status < 400 ? SERVER : INVALID_REQUEST;
        };
    }

    /**
     * The family of an error named by any protocol (OpenAI type or code, Anthropic type, Gemini
     * status); {@link #SERVER} when the name is unknown or null.
     */
    public static ErrorKind fromName(String name) {
        if (name == null) {
            return SERVER;
        }
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "invalid_request_error", "invalid_argument", "failed_precondition" -> INVALID_REQUEST;
            case "authentication_error", "invalid_api_key", "unauthenticated" -> AUTHENTICATION;
            case "permission_error", "permission_denied" -> PERMISSION;
            case "not_found_error", "not_found" -> NOT_FOUND;
            case "request_too_large" -> TOO_LARGE;
            case "rate_limit_error", "rate_limit_exceeded", "resource_exhausted", "insufficient_quota", "tokens", "requests" -> RATE_LIMIT;
            case "overloaded_error", "overloaded", "unavailable" -> OVERLOADED;
            case "timeout_error", "deadline_exceeded", "timeout" -> TIMEOUT;
            default -> SERVER;
        };
    }
}
