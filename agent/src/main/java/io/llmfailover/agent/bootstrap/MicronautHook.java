package io.llmfailover.agent.bootstrap;

import java.util.List;

/** Implemented by the Micronaut HTTP client adapter, in a class loader that sees the app's Micronaut. */
public interface MicronautHook {

    /** The request attribute that carries a {@link MicronautAsk} from the client method to the filter resolver. */
    String ASK_ATTRIBUTE = "io.llmfailover.micronaut.ask";

    /** At the client method the app called: marks {@code request} with what the app expects back. */
    void asked(Object request, MicronautAsk ask);

    /** The client resolved the filters of {@code request}: a governed call's get the agent's own, run last. */
    void filtersResolved(Object request, List<Object> filters);

    /**
     * The client is about to follow a redirect answered to {@code parentRequest} with {@code redirect}:
     * the {@code ExecutionFlow} that fails it when that request is a fallback attempt, or null to follow it.
     */
    Object redirecting(Object parentRequest, Object redirect);

    /**
     * The client is about to split the streamed answer to {@code request}, which accepts
     * {@code text/event-stream}, into lines: false for an attempt of the agent's, which the runtime
     * reads as it arrived.
     */
    boolean splitsEvents(Object request);
}
