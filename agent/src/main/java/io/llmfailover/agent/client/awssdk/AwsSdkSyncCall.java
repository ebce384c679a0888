package io.llmfailover.agent.client.awssdk;

import io.llmfailover.agent.bootstrap.AttemptGuard;
import java.net.URI;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.SdkHttpClient;

/**
 * One call of an AWS SDK sync HTTP client, taken at {@code prepareRequest}: the app's client, its
 * request, and the request the client prepared from it, which sends the call as the app made it.
 * The SDK may abort the call from its timer while it runs ({@link #abort}): the attempt in flight is
 * then aborted too.
 */
final class AwsSdkSyncCall {

    final SdkHttpClient client;
    final URI uri;
    /** The SDK's request, or its copy without the agent's own header once taken ({@link #takeHeader}). */
    private HttpExecuteRequest request;
    private ExecutableHttpRequest asMade;
    private volatile ExecutableHttpRequest inFlight;
    private volatile boolean aborted;

    AwsSdkSyncCall(SdkHttpClient client, HttpExecuteRequest request, ExecutableHttpRequest asMade) {
        this.client = client;
        this.request = request;
        this.asMade = asMade;
        this.uri = request.httpRequest().getUri();
    }

    HttpExecuteRequest request() {
        return request;
    }

    /**
     * The SDK's requests cannot change: {@code name} goes by taking a copy without it, which the
     * client prepares again to send as made. Its first value, or null.
     */
    String takeHeader(String name) {
        String value = request.httpRequest().firstMatchingHeader(name).orElse(null);
        if (value != null) {
            request = HttpExecuteRequest.builder()
                    .request(request.httpRequest().toBuilder().removeHeader(name).build())
                    .contentStreamProvider(request.contentStreamProvider().orElse(null))
                    .metricCollector(request.metricCollector().orElse(null))
                    .build();
            try (AttemptGuard.Scope ours = AttemptGuard.enter()) { // the agent's own prepareRequest, left alone
                asMade = client.prepareRequest(request);
            }
        }
        return value;
    }

    /** The request as the app made it, prepared by its client: sent at most once. */
    ExecutableHttpRequest asMade() {
        return asMade;
    }

    /** Sends one attempt through the app's client, abortable by the SDK while it is in flight. */
    ExecutableHttpRequest inFlight(ExecutableHttpRequest attempt) {
        inFlight = attempt;
        if (aborted) {
            attempt.abort();
        }
        return attempt;
    }

    boolean aborted() {
        return aborted;
    }

    void abort() {
        aborted = true;
        ExecutableHttpRequest attempt = inFlight;
        if (attempt != null) {
            attempt.abort();
        }
    }
}
