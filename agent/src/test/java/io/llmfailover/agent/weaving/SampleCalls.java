package io.llmfailover.agent.weaving;

import java.io.IOException;

/** What the test calls on the woven {@link HookedSample}, whose class it cannot name (another loader defines it). */
public interface SampleCalls {

    String call(Object first, Object second) throws IOException;

    String call(Object only) throws IOException;

    String call();

    String callThree();

    String loops(Object times, Object second);

    String other(Object only);

    String staticCallThroughInstance();

    void run(Object only) throws IOException;

    String values(int number, long wide);

    String values(double real, boolean flag);

    /** What the constructor kept. */
    String made();
}
