package io.llmfailover.agent.client.ktor;

import io.ktor.client.engine.HttpClientEngine;
import io.ktor.client.engine.KtorCallContextElement;
import io.ktor.client.request.HttpRequestData;
import io.llmfailover.agent.bootstrap.AgentThreads;
import io.llmfailover.agent.bootstrap.ClientAdapter;
import io.llmfailover.agent.bootstrap.HookOutcome;
import io.llmfailover.agent.bootstrap.InstalledRunner;
import io.llmfailover.agent.lifecycle.CallLifecycle;
import io.llmfailover.agent.lifecycle.Governance;
import io.llmfailover.runtime.contract.CallRunner;
import java.util.function.Supplier;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.intrinsics.IntrinsicsKt;

/**
 * The Ktor CIO adapter's entry point. Whether a call is governed, and the caller's class loader and
 * span, are read on the calling coroutine's thread; a governed call then leaves it at once for an
 * agent thread (or, at the agent's task cap, is sent ungoverned), and the engine's {@code execute}
 * returns {@code COROUTINE_SUSPENDED}. The agent's own
 * sends (their continuation is an {@link AgentContinuation}) and the engine's own resumptions of its
 * suspended {@code execute} go on untouched.
 */
public final class KtorAdapter implements ClientAdapter {

    private final Supplier<CallRunner> governor;

    public KtorAdapter() {
        this(InstalledRunner::governor);
    }

    KtorAdapter(Supplier<CallRunner> governor) {
        this.governor = governor;
    }

    /** The one hook, {@code execute}: the engine's {@code execute(request, continuation)}. */
    @Override
    public Object hook(String hook, Object engine, Object[] arguments) {
        Object suspended = execute(engine, arguments[0], arguments[1]);
        return suspended == null ? null : HookOutcome.returning(suspended);
    }

    @SuppressWarnings("unchecked")
    public Object execute(Object engine, Object request, Object continuation) {
        if (request == null || !(continuation instanceof Continuation) || continuation instanceof AgentContinuation
                || resumesItself(engine, continuation)) {
            return null;
        }
        Continuation<Object> app = (Continuation<Object>) continuation;
        KtorCallContextElement callContext = app.getContext().get(KtorCallContextElement.Companion);
        if (callContext == null) {
            return null; // not sent through a client's pipeline: nothing to hand a relayed body to
        }
        KtorCall call = new KtorCall((HttpClientEngine) engine, (HttpRequestData) request, app, callContext.getCallContext());
        Governance governance = CallLifecycle.start(KtorBinding.INSTANCE, call, governor);
        if (governance == null) {
            return null;
        }
        call.watchCancellation();
        if (CallLifecycle.runAsync(KtorBinding.INSTANCE, call, governance, AgentThreads.shared(), call) == null) {
            // Every agent thread is busy: sent as if the agent were absent, by the engine itself
            // unless the agent's header had to come off, which only a copy of the request can lose.
            if (call.request == request) {
                return null;
            }
            call.sendUngoverned();
        }
        return IntrinsicsKt.getCOROUTINE_SUSPENDED();
    }

    /** The engine's {@code execute} resumed after it suspended: Kotlin calls it again with its own state machine. */
    private static boolean resumesItself(Object engine, Object continuation) {
        return continuation.getClass().getName().startsWith(engine.getClass().getName() + "$");
    }
}
