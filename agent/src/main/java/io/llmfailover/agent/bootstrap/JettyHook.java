package io.llmfailover.agent.bootstrap;

/** Implemented by the Jetty 12 {@code HttpClient} adapter, in a class loader that sees the app's jetty-client. */
public interface JettyHook {

    /**
     * Takes over a request about to be sent through {@code destination}, its listener to hear the
     * answer; false leaves the send to Jetty.
     */
    boolean send(Object request, Object destination, Object listener);

    /** The app aborted a request: a governed call of it ends, the attempt in flight aborted. */
    void aborted(Object request, Throwable cause);
}
