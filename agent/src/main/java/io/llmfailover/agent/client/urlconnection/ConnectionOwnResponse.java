package io.llmfailover.agent.client.urlconnection;

import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.lifecycle.AnswerBody;
import io.llmfailover.runtime.contract.Answer;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;

/**
 * The answer to the app's own request, reported by the JDK connection that received it: its status
 * line, headers and exceptions, and its body stream, or the runtime's watch on it when the runtime
 * read into it.
 */
final class ConnectionOwnResponse implements ChosenResponse {

    private final HttpURLConnection connection;
    private final int status;
    private final InputStream body;
    private final Answer answer;

    ConnectionOwnResponse(HttpURLConnection connection, Answer answer) {
        this.connection = connection;
        this.status = answer.ownResponse().status();
        this.body = answer.ownBodyUntouched() ? answer.ownResponse().body() : AnswerBody.of(answer);
        this.answer = answer;
    }

    @Override
    public HookOutcome answer(String accessor, Object argument) {
        try {
            return HookOutcome.returning(switch (accessor) {
                case "getInputStream" -> status >= 400 ? connection.getInputStream() : body;
                case "getErrorStream" -> status >= 400 ? body : null;
                case "getHeaderFields" -> connection.getHeaderFields();
                case "getHeaderField" -> argument instanceof Integer index
                        ? connection.getHeaderField(index)
                        : connection.getHeaderField((String) argument);
                case "getHeaderFieldKey" -> connection.getHeaderFieldKey((Integer) argument);
                default -> throw new IllegalArgumentException("not a response accessor: " + accessor);
            });
        } catch (IOException errorStatus) {
            return HookOutcome.throwing(errorStatus);
        }
    }

    @Override
    public void abort() {
        answer.abort();
    }
}
