package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.common.export.HttpResponse;
import io.opentelemetry.sdk.common.export.HttpSender;
import io.opentelemetry.sdk.common.export.HttpSenderConfig;
import io.opentelemetry.sdk.common.export.MessageWriter;
import io.opentelemetry.sdk.common.export.RetryPolicy;
import java.io.IOException;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * Sends the OTLP exporters' requests with the JDK's {@code HttpURLConnection}, on the thread that
 * exports (the batch span processor's, the metric reader's), which waits for the result anyway.
 *
 * <p>Chosen over the SDK's sender on the JDK {@code HttpClient}: that client's selector thread sits
 * in native code between exports, and a JVM ending waits about 300 ms for such a thread, so every
 * app that made a call exited that much later; it builds a TLS context even for a plain-HTTP
 * collector; and it hands each export to an executor and then to the client's own threads, CPU
 * that under load the app's calls do not get. Connections are kept alive by the JDK's keep-alive
 * cache. Retries follow the exporter's {@link RetryPolicy} as the SDK's senders do: 429, 502, 503
 * and 504, and any I/O failure but a TLS one or an over-long answer (a kept-alive connection the
 * collector closed meanwhile among them), with jittered exponential backoff or the collector's
 * {@code Retry-After}, never past the export's timeout.
 */
final class UrlConnectionSender implements HttpSender {

    static final Set<Integer> RETRYABLE_STATUSES = Set.of(429, 502, 503, 504);

    /** How the sender waits between attempts: {@link TimeUnit#sleep} but in tests. */
    interface Pause {
        /** @return false when interrupted: the export then ends with what the last attempt got */
        boolean nanos(long nanos);
    }

    private final CollectorRequest request;
    private final RetryPolicy retryPolicy;
    private final long timeoutNanos;
    private final Pause pause;

    UrlConnectionSender(HttpSenderConfig config) {
        this(config, UrlConnectionSender::sleep);
    }

    UrlConnectionSender(HttpSenderConfig config, Pause pause) {
        this.request = new CollectorRequest(config);
        this.retryPolicy = config.getRetryPolicy();
        this.timeoutNanos = config.getTimeout().toNanos();
        this.pause = pause;
    }

    @Override
    public void send(MessageWriter message, Consumer<HttpResponse> onResponse, Consumer<Throwable> onError) {
        long start = System.nanoTime();
        int maxAttempts = retryPolicy == null ? 1 : retryPolicy.getMaxAttempts();
        long backoff = retryPolicy == null ? 0 : retryPolicy.getInitialBackoff().toNanos();
        for (int attempt = 1; ; attempt++) {
            CollectorRequest.Answer answer = null;
            IOException failure = null;
            try {
                answer = request.post(message);
            } catch (IOException e) {
                failure = e;
            }
            boolean retryable = answer != null ? RETRYABLE_STATUSES.contains(answer.getStatusCode()) : retryable(failure);
            long delay = answer != null && answer.retryAfterNanos() >= 0 ? answer.retryAfterNanos() : jittered(backoff);
            // Compared with what is left, not summed: a collector's Retry-After of years is Long.MAX_VALUE nanos.
            boolean again = retryable && attempt < maxAttempts
                    && delay < timeoutNanos - (System.nanoTime() - start) && pause.nanos(delay);
            if (!again) {
                if (answer != null) {
                    onResponse.accept(answer);
                } else {
                    onError.accept(failure);
                }
                return;
            }
            backoff = Math.min((long) (backoff * retryPolicy.getBackoffMultiplier()), retryPolicy.getMaxBackoff().toNanos());
        }
    }

    private boolean retryable(IOException failure) {
        if (retryPolicy != null && retryPolicy.getRetryExceptionPredicate() != null) {
            return retryPolicy.getRetryExceptionPredicate().test(failure);
        }
        return !(failure instanceof SSLException) && !(failure instanceof CollectorRequest.AnswerTooLong);
    }

    /** Between 0.8 and 1.2 times the backoff, as the SDK's senders spread their retries. */
    private static long jittered(long backoff) {
        return (long) (backoff * ThreadLocalRandom.current().nextDouble(0.8, 1.2));
    }

    private static boolean sleep(long nanos) {
        try {
            TimeUnit.NANOSECONDS.sleep(nanos);
            return true;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
