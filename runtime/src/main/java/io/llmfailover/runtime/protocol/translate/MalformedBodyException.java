package io.llmfailover.runtime.protocol.translate;

/**
 * A target's body or stream event that cannot be read as its protocol says. Never reaches the app:
 * the bridge turns it into an error in the app's protocol. The message never quotes the body.
 */
public final class MalformedBodyException extends RuntimeException {

    public MalformedBodyException(String message) {
        super(message, null, false, false);
    }
}
