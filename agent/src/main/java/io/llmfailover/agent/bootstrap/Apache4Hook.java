package io.llmfailover.agent.bootstrap;

/** Implemented by the Apache HttpClient 4.x adapter, in a class loader that sees the app's HttpClient 4. */
public interface Apache4Hook {

    /** Wraps the protocol stage of a client being built ({@code HttpClientBuilder.decorateProtocolExec}). */
    Object decorateProtocolExec(Object protocolExec);
}
