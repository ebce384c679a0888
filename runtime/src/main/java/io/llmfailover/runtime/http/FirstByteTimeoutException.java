package io.llmfailover.runtime.http;

import java.io.InterruptedIOException;
import java.time.Duration;

/** No response head arrived within {@code timeout.first-byte}. */
public final class FirstByteTimeoutException extends InterruptedIOException {

    public FirstByteTimeoutException(Duration timeout) {
        super("no response head within " + timeout.toMillis() + " ms");
    }
}
