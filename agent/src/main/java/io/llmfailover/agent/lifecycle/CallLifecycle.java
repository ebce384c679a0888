package io.llmfailover.agent.lifecycle;

import io.llmfailover.agent.bootstrap.AgentRuntime;
import io.llmfailover.agent.bootstrap.CallGovernor;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.runtime.faults.InjectedFault;
import io.llmfailover.runtime.http.Answer;
import io.llmfailover.runtime.http.CallAbandonedException;
import io.llmfailover.runtime.http.FirstByteTimeoutException;
import io.llmfailover.runtime.http.LlmRequest;
import io.llmfailover.runtime.http.RelayedResponse;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import java.io.IOException;
import java.net.URI;
import java.util.function.Supplier;

/**
 * The one lifecycle of a call through any client: is it governed, buffer its body within the cap,
 * run it through the runtime with the caller's trace context, and hand back the client's own
 * response. Whatever fails inside the agent, the app's call goes ahead as if the agent were absent,
 * and is sent exactly once: fail-open resends only what never reached the wire.
 */
public final class CallLifecycle {

    private CallLifecycle() {}

    /** Runs a call on the app's own thread. */
    public static <C, R> R run(ClientBinding<C, R> binding, C call) throws IOException {
        return run(binding, call, AgentRuntime::governor);
    }

    /** As {@link #run(ClientBinding, Object)}, with the governor an adapter was made with (tests plug their own). */
    public static <C, R> R run(ClientBinding<C, R> binding, C call, Supplier<CallGovernor> governors) throws IOException {
        CallGovernor governor = governorFor(binding, call, governors);
        if (governor == null) {
            return proceed(binding, call, null);
        }
        return runGoverned(binding, call, governor, callerOf(binding, call));
    }

    /**
     * The governor of a call, or null when the call is not the agent's: no governed operation
     * there, an attempt of a call already governed further up this thread, or asking failed.
     * Asked on the app's thread, before any body byte is read.
     */
    public static <C> CallGovernor governorFor(ClientBinding<C, ?> binding, C call, Supplier<CallGovernor> governors) {
        if (AttemptGuard.active()) {
            return null;
        }
        try {
            URI uri = binding.uri(call);
            CallGovernor governor = uri == null ? null : governors.get();
            if (governor == null) {
                return null;
            }
            String method = binding.method(call);
            if (governor.governs(method, uri)) {
                return governor;
            }
            PassThroughLog.notGoverned(binding.clientName(), method, uri, governor);
            return null;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once(binding.clientName() + " governs()", e);
            return null;
        }
    }

    /** The app's class loader and current span, read on the app's thread for a call that may run on another. */
    public static <C> CallerClassLoader.Captured callerOf(ClientBinding<C, ?> binding, C call) {
        return CallerClassLoader.capture(binding.clientLoader(call));
    }

    /**
     * Runs a governed call, on any thread.
     *
     * @throws IOException the app's own body failure, the addressed provider's transport failure,
     *     the client's form of the agent's head deadline, or an internal failure after the request
     *     was sent (never sent twice)
     */
    public static <C, R> R runGoverned(ClientBinding<C, R> binding, C call, CallGovernor governor,
            CallerClassLoader.Captured caller) throws IOException {
        BufferedBody body;
        try {
            if (InjectedFault.anyInjected()) { // the URI is not worked out on a call no fault can hit
                InjectedFault.BUFFERING.maybeThrow(binding.uri(call));
            }
            body = binding.buffer(call, governor.bufferLimit());
        } catch (RuntimeException | Error e) {
            FailureLog.once(binding.clientName() + " request body", e);
            return proceed(binding, call, null);
        }
        if (!body.fits()) {
            PassThroughLog.passedThrough(binding.clientName(), binding.uri(call), body.passThroughReason());
            return proceed(binding, call, body);
        }
        LlmRequest neutral;
        SendRecord<C> transport;
        try {
            neutral = binding.toNeutral(call, body.bytes());
            transport = new SendRecord<>(binding.transport(call, neutral), binding, call);
        } catch (RuntimeException | Error e) {
            FailureLog.once(binding.clientName() + " request", e);
            return proceed(binding, call, body);
        }
        Answer answer;
        try (AttemptGuard.Scope ours = AttemptGuard.enter(); CallerClassLoader.Scope app = caller.use()) {
            answer = governor.execute(neutral, transport);
        } catch (FirstByteTimeoutException expired) {
            throw binding.timeout(expired);
        } catch (CallAbandonedException abandoned) {
            throw abandoned.appFailure();
        } catch (RuntimeException | Error internal) {
            if (transport.sent()) {
                FailureLog.once(binding.clientName() + " call after sending", internal);
                throw new IOException("llm-failover: internal failure after the request was sent; "
                        + "it is not sent again", internal);
            }
            FailureLog.once(binding.clientName() + " call", internal);
            return proceed(binding, call, body);
        }
        return handBack(binding, call, answer);
    }

    private static <C, R> R handBack(ClientBinding<C, R> binding, C call, Answer answer) throws IOException {
        try {
            return binding.toApp(call, answer.isOwn() ? answer : Answer.made(new RelayedResponse(answer,
                    HopByHopHeaders.strippedForApp(answer.status(), answer.headers()), answer.body())));
        } catch (RuntimeException | Error e) {
            answer.close();
            FailureLog.once(binding.clientName() + " response", e);
            throw new IOException("llm-failover: could not hand the answer to the app; the request is not sent again", e);
        }
    }

    /** The call as if the agent were absent; what it sends is left alone by adapters further down. */
    private static <C, R> R proceed(ClientBinding<C, R> binding, C call, BufferedBody body) throws IOException {
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            return binding.proceed(call, body);
        }
    }
}
