package io.llmfailover.runtime.keys.identity;

/** A cloud identity has no credential to authorise a request with yet: the step is passed over. */
public final class IdentityUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    public IdentityUnavailableException(String message) {
        super(message, null, false, false);
    }
}
