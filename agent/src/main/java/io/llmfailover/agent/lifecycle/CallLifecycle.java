package io.llmfailover.agent.lifecycle;

import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.AttemptGuard;
import io.llmfailover.agent.bootstrap.FailureLog;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.runtime.contract.Answer;
import io.llmfailover.runtime.contract.CallAbandonedException;
import io.llmfailover.runtime.contract.CallRunner;
import io.llmfailover.runtime.contract.HeadDeadlineException;
import io.llmfailover.runtime.contract.LlmRequest;
import io.llmfailover.runtime.contract.RelayedResponse;
import io.llmfailover.runtime.contract.RouteHeader;
import io.llmfailover.runtime.operations.faults.InjectedFault;
import io.llmfailover.runtime.telemetry.otel.CallerClassLoader;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * The one lifecycle of a call through any client: is it governed, buffer its body within the cap,
 * run it through the runtime with the caller's trace context, and hand back the client's own
 * response. Whatever fails inside the agent, the app's call goes ahead as if the agent were absent,
 * and is sent exactly once: fail-open resends only what never reached the wire.
 *
 * <p>The agent's own request header, {@code x-llm-route}, never reaches a provider: the lifecycle
 * takes it off every request to a provider's host ({@link ClientBinding#takeHeader}) as it first
 * sees the call, governed or not, and again before the request goes out as the app made it (fail
 * open, over the size cap, at the agent's task cap); a governed call carries it on to the runtime,
 * which picks the route by it.
 *
 * <p>Two entries, as OpenTelemetry's {@code Instrumenter} has {@code start} and {@code end}: a
 * blocking client runs the whole call on the app's thread ({@link #run(ClientBinding, Object)}); an
 * async or reactive one asks {@link #start} on the app's thread, then runs the call later or
 * elsewhere, on the app's thread ({@link #run(ClientBinding, Object, Governance)}) or on an agent
 * thread that ends it through the client's own completion ({@link #runAsync}).
 */
public final class CallLifecycle {

    private CallLifecycle() {}

    /** Runs a call on the app's own thread. */
    public static <C, R> R run(ClientBinding<C, R> binding, C call) throws IOException {
        return run(binding, call, InstalledRunner::governor);
    }

    /** As {@link #run(ClientBinding, Object)}, with the governor an adapter was made with (tests plug their own). */
    public static <C, R> R run(ClientBinding<C, R> binding, C call, Supplier<CallRunner> governors) throws IOException {
        Governance governance = start(binding, call, governors);
        if (governance == null) {
            try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
                return binding.proceed(call, null);
            }
        }
        return run(binding, call, governance);
    }

    /**
     * Whether the lifecycle takes a call, asked on the app's thread before any body byte is read:
     * its hold on the call, to run it with ({@link #run(ClientBinding, Object, Governance)} or
     * {@link #runAsync}), or null when the call is not the agent's: no governed operation there, an
     * attempt of a call already governed further up this thread, or asking failed. Whatever it
     * answers, a request to a provider's host that carried {@code x-llm-route} no longer does: a
     * governed call hands the route name on to the runtime, and a call left alone whose client
     * could not drop the header in place is taken only to be sent, without it, as the app made it.
     */
    public static <C> Governance start(ClientBinding<C, ?> binding, C call, Supplier<CallRunner> governors) {
        if (AttemptGuard.active()) {
            return null;
        }
        try {
            URI uri = binding.uri(call);
            CallRunner governor = uri == null ? null : governors.get();
            if (governor == null) {
                return null;
            }
            String method = binding.method(call);
            if (governor.governs(method, uri)) {
                String route = binding.takeHeader(call, RouteHeader.NAME);
                return Governance.of(route == null ? governor : new NamedRoute(governor, route), binding, call);
            }
            PassThroughLog.notGoverned(binding.clientName(), method, uri, governor);
            if (!governor.reachesProvider(uri)) {
                return null; // the app's other traffic: left alone
            }
            String route = binding.takeHeader(call, RouteHeader.NAME);
            boolean sentByProceed = switch (binding.headerRemoval()) {
                case IN_PLACE -> false;
                case FROM_A_COPY -> route != null;
                case THROUGH_PROCEED -> true;
            };
            return sentByProceed ? Governance.of(null, binding, call) : null;
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once(binding.clientName() + " governs()", e);
            return null;
        }
    }

    /**
     * Runs a call the lifecycle took on an agent thread of {@code threads}, ended through
     * {@code completion} from there; the returned call interrupts its thread when the app cancels.
     * Null when every agent task slot is taken ({@link AgentThreads#tryStart}): the adapter then
     * sends the call at once, ungoverned, as the app made it; the agent's header is taken off it
     * here first, as on every other path that sends the app's request (an app's filter or callback
     * may have set it since the first look). A client whose request cannot change sends the copy
     * its binding keeps.
     */
    public static <C, R> RunningCall<C, R> runAsync(ClientBinding<C, R> binding, C call, Governance governance,
            Executor threads, CallCompletion<? super R> completion) {
        RunningCall<C, R> running = new RunningCall<>(binding, call, governance, completion);
        if (AgentThreads.tryStart(threads, running)) {
            return running;
        }
        takeAgentHeader(binding, call);
        return null;
    }

    /**
     * Runs a call the lifecycle took, on this thread: the app's, or the agent's of {@link #runAsync}.
     *
     * @throws IOException the app's own body failure, the addressed provider's transport failure,
     *     the client's form of the agent's head deadline, or an internal failure after the request
     *     was sent (never sent twice)
     */
    public static <C, R> R run(ClientBinding<C, R> binding, C call, Governance governance) throws IOException {
        if (governance.sendsAsTheAppMadeIt()) {
            return proceed(binding, call, null);
        }
        CallRunner governor = governance.governor;
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
            String route = binding.takeHeader(call, RouteHeader.NAME); // a header the client wrote since the first look
            neutral = NamedRoute.carrying(binding.toNeutral(call, body.bytes()), route);
            transport = new SendRecord<>(binding.transport(call, neutral), binding, call);
        } catch (RuntimeException | Error e) {
            FailureLog.once(binding.clientName() + " request", e);
            return proceed(binding, call, body);
        }
        Answer answer;
        try (AttemptGuard.Scope ours = AttemptGuard.enter(); CallerClassLoader.Scope app = governance.caller.use()) {
            answer = governor.execute(neutral, transport);
        } catch (HeadDeadlineException expired) {
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

    /**
     * The call as if the agent were absent, but for the agent's own header, which never leaves the
     * JVM; what it sends is left alone by adapters further down.
     */
    private static <C, R> R proceed(ClientBinding<C, R> binding, C call, BufferedBody body) throws IOException {
        takeAgentHeader(binding, call);
        try (AttemptGuard.Scope ours = AttemptGuard.enter()) {
            return binding.proceed(call, body);
        }
    }

    /** Takes the agent's header off a call about to go out as the app made it; a failure to is logged, never thrown. */
    private static <C> void takeAgentHeader(ClientBinding<C, ?> binding, C call) {
        try {
            binding.takeHeader(call, RouteHeader.NAME);
        } catch (RuntimeException | LinkageError e) {
            FailureLog.once(binding.clientName() + " takeHeader()", e);
        }
    }
}
