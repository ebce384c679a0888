package io.llmfailover.runtime.protocol.translate;

/** This call must not be sent to that target: the reason names the field and the policy. */
public final class UntranslatableRequestException extends Exception {

    public UntranslatableRequestException(String reason) {
        super(reason, null, false, false);
    }
}
