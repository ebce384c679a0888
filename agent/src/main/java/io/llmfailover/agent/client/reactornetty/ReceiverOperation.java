package io.llmfailover.agent.client.reactornetty;

/** The terminal operations of {@code HttpClient.ResponseReceiver}, each of which the adapter governs. */
enum ReceiverOperation {
    /** {@code response()}: the head only, the body discarded. */
    RESPONSE,
    /** {@code response((response, body) -> …)}. */
    RESPONSE_WITH_BODY,
    /** {@code responseSingle((response, aggregatedBody) -> …)}. */
    RESPONSE_SINGLE,
    /** {@code responseConnection((response, connection) -> …)}: the app owns the connection. */
    RESPONSE_CONNECTION,
    /** {@code responseContent()}: the body alone, as it comes. */
    RESPONSE_CONTENT;

    static final String[] NAMES = {"response", "responseSingle", "responseConnection", "responseContent"};

    static ReceiverOperation of(String name, boolean withFunction) {
        return switch (name) {
            case "response" -> withFunction ? RESPONSE_WITH_BODY : RESPONSE;
            case "responseSingle" -> RESPONSE_SINGLE;
            case "responseConnection" -> RESPONSE_CONNECTION;
            case "responseContent" -> RESPONSE_CONTENT;
            default -> null;
        };
    }
}
