package io.llmfailover.runtime.contract;

import java.io.InterruptedIOException;
import java.time.Duration;

/** No response head arrived within {@code timeout.first-byte}. */
public final class HeadDeadlineException extends InterruptedIOException {

    public HeadDeadlineException(Duration timeout) {
        super("no response head within " + timeout.toMillis() + " ms");
    }
}
