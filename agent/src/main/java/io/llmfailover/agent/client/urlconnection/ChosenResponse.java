package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.LlmResponse;
import java.net.HttpURLConnection;
import java.net.URL;

/** What a governed app connection's response accessors report once its call ran. */
interface ChosenResponse {

    /** The app's connection went out ungoverned: every accessor is the JDK's own. */
    ChosenResponse JDK_OWN = new ChosenResponse() {
        @Override
        public HookOutcome answer(String accessor, Object argument) {
            return null;
        }

        @Override
        public void abort() {
            // the JDK's own disconnect() runs next
        }
    };

    /** An answer the runtime made, reported as the JDK reports a response. */
    static ChosenResponse of(LlmResponse answer, URL url) {
        return new MadeResponse(answer, url);
    }

    /** The answer to the app's own request: the native connection that received it answers. */
    static ChosenResponse own(HttpURLConnection connection, Answer answer) {
        return new ConnectionOwnResponse(connection, answer);
    }

    /**
     * The accessor's outcome; null lets the JDK's own method run on the app's connection.
     *
     * @param argument the accessor's one argument (a header's name or index), or null
     */
    HookOutcome answer(String accessor, Object argument);

    /** {@code disconnect()}: closes the response's connection without reading the rest. */
    void abort();
}
