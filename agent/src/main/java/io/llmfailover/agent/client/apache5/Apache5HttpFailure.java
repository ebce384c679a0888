package io.llmfailover.agent.client.apache5;

import java.io.IOException;
import org.apache.hc.core5.http.HttpException;

/**
 * Carries the client's {@link HttpException} (a protocol error) through the call lifecycle, which
 * speaks IOException, so that the app's stages above ours see it as they would without the agent.
 */
final class Apache5HttpFailure extends IOException {

    Apache5HttpFailure(HttpException cause) {
        super(cause.getMessage(), cause);
    }

    HttpException httpException() {
        return (HttpException) getCause();
    }
}
