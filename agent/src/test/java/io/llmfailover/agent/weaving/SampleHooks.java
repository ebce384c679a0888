package io.llmfailover.agent.weaving;

import io.llmfailover.agent.bootstrap.HookOutcome;
import java.util.ArrayList;
import java.util.List;

/** The hooks woven into {@link HookedSample}: they record what they were given and answer as told. */
public final class SampleHooks {

    public static final List<Object[]> entries = new ArrayList<>();
    public static final List<Object> received = new ArrayList<>();
    public static Error receiverFailure;
    public static HookOutcome answer;
    public static Error enterFailure;
    public static int exits;
    public static int ownRuns;

    private SampleHooks() {}

    public static void reset() {
        entries.clear();
        received.clear();
        receiverFailure = null;
        answer = null;
        enterFailure = null;
        exits = 0;
        ownRuns = 0;
    }

    public static HookOutcome enter(Object receiver, Object first, Object second) {
        if (enterFailure != null) {
            throw enterFailure;
        }
        entries.add(new Object[] {receiver, first, second});
        return answer;
    }

    /** The shape of a hook told the method's name. */
    public static HookOutcome enterNamed(Object receiver, String method, Object first, Object second) {
        entries.add(new Object[] {receiver, method, first, second});
        return answer;
    }

    public static void received(Object receiver) {
        if (receiverFailure != null) {
            throw receiverFailure;
        }
        received.add(receiver);
    }

    public static void exit() {
        exits++;
    }
}
