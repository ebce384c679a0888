package io.llmfailover.agent.weaving;

import java.io.IOException;

/** A class for the weaver to hook: methods named alike that must and must not be hooked, and code of several shapes. */
public class HookedSample implements SampleCalls {

    private final Object made;

    public HookedSample() {
        this("made");
    }

    /** Returns early for {@code "early"}: a constructor with two returns. */
    public HookedSample(Object made) {
        if ("early".equals(made)) {
            this.made = made;
            return;
        }
        String late = made + "";
        this.made = late;
    }

    @Override
    public String call(Object first, Object second) throws IOException {
        SampleHooks.ownRuns++;
        if ("boom".equals(first)) {
            throw new IllegalStateException("own failure");
        }
        try {
            if ("caught".equals(first)) {
                throw new IOException("caught by the method itself");
            }
        } catch (IOException e) {
            return "caught";
        }
        return "own:" + first + ":" + second;
    }

    @Override
    public String call(Object only) {
        return "own:" + only;
    }

    @Override
    public String call() {
        return "none";
    }

    @Override
    public String callThree() {
        return call("a", "b", "c");
    }

    private String call(Object first, Object second, Object third) {
        return "three";
    }

    /** The loop's body starts at the method's first instruction: a branch target, with a frame of its own. */
    @Override
    public String loops(Object times, Object second) {
        do {
            SampleHooks.ownRuns++;
        } while (SampleHooks.ownRuns < (Integer) times);
        return "looped:" + SampleHooks.ownRuns;
    }

    @Override
    public String other(Object only) {
        return "other";
    }

    /** A void method, which a hook may skip. */
    @Override
    public void run(Object only) throws IOException {
        SampleHooks.ownRuns++;
        if ("boom".equals(only)) {
            throw new IllegalStateException("own failure");
        }
    }

    /** Values of one and two slots: the hook gets them boxed, the method's own code its own. */
    @Override
    public String values(int number, long wide) {
        return "own:" + number + ":" + wide;
    }

    @Override
    public String values(double real, boolean flag) {
        return "own:" + real + ":" + flag;
    }

    @Override
    public String made() {
        return made.toString();
    }

    @Override
    public String staticCallThroughInstance() {
        return call("static", (Object) "call");
    }

    public static String call(String first, Object second) {
        return "static";
    }
}
