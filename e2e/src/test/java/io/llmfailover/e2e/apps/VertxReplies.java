package io.llmfailover.e2e.apps;

/** How the apps whose client hands the body over in pieces (Vert.x's two clients, Micronaut's) report an answer. */
final class VertxReplies {

    private VertxReplies() {}

    static void report(int number, int status, String provider, String body) {
        if (status / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(status), null, body);
        } else {
            Report.result(number, status, provider, ContentField.in(body));
        }
    }

    static void reportStream(int number, int status, String provider, EventStreamLines events) {
        if (status / 100 != 2) {
            Report.error(number, "HttpStatus", String.valueOf(status), null, events.raw());
        } else if (events.error() != null) {
            Report.error(number, "StreamError", null, null, events.error());
        } else {
            Report.result(number, status, provider, events.content());
        }
    }
}
