package io.llmfailover.agent.client.apache4;

import java.io.IOException;
import org.apache.http.HttpException;

/**
 * Carries the client's {@link HttpException} (a protocol error) through the call lifecycle, which
 * speaks IOException, so that the app's stages above ours see it as they would without the agent.
 */
final class Apache4HttpFailure extends IOException {

    Apache4HttpFailure(HttpException cause) {
        super(cause.getMessage(), cause);
    }

    HttpException httpException() {
        return (HttpException) getCause();
    }
}
