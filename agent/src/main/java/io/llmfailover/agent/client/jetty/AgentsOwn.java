package io.llmfailover.agent.client.jetty;

import org.eclipse.jetty.client.transport.HttpRequest;

/**
 * Marks the conversation of an attempt the agent sends: Jetty sends a redirect or an
 * authentication retry of it as a new request of the same conversation, on its own threads, where
 * nothing else tells it apart from an app's call.
 */
final class AgentsOwn {

    private static final String ATTRIBUTE = "io.llmfailover.attempt";

    private AgentsOwn() {}

    static void mark(HttpRequest attempt) {
        attempt.getConversation().setAttribute(ATTRIBUTE, Boolean.TRUE);
    }

    static boolean isMarked(HttpRequest request) {
        return request.getConversation().getAttribute(ATTRIBUTE) != null;
    }
}
