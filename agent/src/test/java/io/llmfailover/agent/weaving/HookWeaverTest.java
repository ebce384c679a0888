package io.llmfailover.agent.weaving;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.agent.bootstrap.HookOutcome;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Weaves {@link HookedSample} and loads it in a class loader of its own, where the JVM verifies it
 * (classes of a custom loader are always verified): the added code must pass with the frames the
 * weaver writes, around code with branches at its start, its own handlers and several returns,
 * and in constructors that delegate or return early.
 */
class HookWeaverTest {

    private static final String HOOKS = SampleHooks.class.getName().replace('.', '/');
    private static final List<Hook> CALL_HOOKS = List.of(
            new OutcomeHook("call", 1, 2, HOOKS, "enter", "exit", false),
            new OutcomeHook("loops", 2, 2, HOOKS, "enter", "exit", false));

    private SampleCalls sample;

    @BeforeEach
    void weaveTheSample() throws Exception {
        SampleHooks.reset();
        sample = (SampleCalls) wovenSampleClass(CALL_HOOKS).getConstructor().newInstance();
    }

    @Test
    void aNullOutcomeRunsTheMethodsOwnCodeThenTheExitHookOnce() throws IOException {
        assertEquals("own:a:b", sample.call("a", "b"));
        assertEquals(1, SampleHooks.entries.size());
        assertArrayEquals(new Object[] {sample, "a", "b"}, SampleHooks.entries.get(0));
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void anOutcomeIsReturnedInsteadOfWhatTheMethodsOwnCodeWouldReturn() throws IOException {
        SampleHooks.answer = HookOutcome.returning("governed");
        assertEquals("governed", sample.call("a", "b"));
        assertEquals(0, SampleHooks.ownRuns);
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void anOutcomesFailureIsThrownEvenWhenItIsChecked() {
        IOException failure = new IOException("provider unreachable");
        SampleHooks.answer = HookOutcome.throwing(failure);
        assertSame(failure, assertThrows(IOException.class, () -> sample.call("a", "b")));
        assertEquals(0, SampleHooks.ownRuns);
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void aMethodWithFewerArgumentsGivesTheHookNullForTheRest() throws IOException {
        assertEquals("own:a", sample.call("a"));
        assertArrayEquals(new Object[] {sample, "a", null}, SampleHooks.entries.get(0));
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void anExceptionFromTheMethodsOwnCodeStillRunsTheExitHook() {
        assertThrows(IllegalStateException.class, () -> sample.call("boom", "b"));
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void theMethodsOwnHandlersCatchBeforeTheExitHooksCatchAll() throws IOException {
        assertEquals("caught", sample.call("caught", "b"));
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void codeThatBranchesBackToItsFirstInstructionStillVerifiesAndRuns() {
        assertEquals("looped:3", sample.loops(3, "b"));
        assertEquals(1, SampleHooks.entries.size());
        assertEquals(1, SampleHooks.exits);
    }

    @Test
    void aHookThatFailsOnEntryLetsTheMethodRunAsItWas() throws IOException {
        SampleHooks.enterFailure = new NoClassDefFoundError("the agent's hooks");
        assertEquals("own:a:b", sample.call("a", "b"));
        assertEquals(1, SampleHooks.ownRuns);
    }

    @Test
    void staticPrivateAndOtherArgumentCountsAreNotHooked() {
        assertEquals("static", sample.staticCallThroughInstance());
        assertEquals("none", sample.call());
        assertEquals("three", sample.callThree());
        assertEquals("other", sample.other("a"));
        assertEquals(List.of(), SampleHooks.entries);
        assertEquals(0, SampleHooks.exits);
    }

    @Test
    void aVoidMethodIsSkippedWhenTheHookAnswersAndRunsItsOwnCodeWhenItDoesNot() throws Exception {
        SampleCalls hooked = (SampleCalls) wovenSampleClass(List.of(new OutcomeHook("run", 1, 2, HOOKS, "enter", "exit", false)))
                .getConstructor().newInstance();

        hooked.run("a");
        assertEquals(1, SampleHooks.ownRuns);
        assertEquals(1, SampleHooks.exits);
        assertArrayEquals(new Object[] {hooked, "a", null}, SampleHooks.entries.get(0));

        SampleHooks.reset();
        SampleHooks.answer = HookOutcome.returning(null);
        hooked.run("a");
        assertEquals(0, SampleHooks.ownRuns, "skipped");
        assertEquals(1, SampleHooks.exits);

        IOException failure = new IOException("provider unreachable");
        SampleHooks.answer = HookOutcome.throwing(failure);
        assertSame(failure, assertThrows(IOException.class, () -> hooked.run("a")));

        SampleHooks.reset();
        assertThrows(IllegalStateException.class, () -> hooked.run("boom"));
        assertEquals(1, SampleHooks.exits, "the exit hook runs as the method's own code throws");
    }

    @Test
    void aHookWithNoExitHookSkipsOrRunsTheMethodAlone() throws Exception {
        SampleCalls hooked = (SampleCalls) wovenSampleClass(List.of(new OutcomeHook("run", 1, 2, HOOKS, "enter", null, false),
                new OutcomeHook("call", 1, 2, HOOKS, "enter", null, false))).getConstructor().newInstance();

        SampleHooks.answer = HookOutcome.returning(null);
        hooked.run("a");
        assertEquals(0, SampleHooks.ownRuns);
        SampleHooks.answer = null;
        assertThrows(IllegalStateException.class, () -> hooked.call("boom", "b"));
        assertEquals("own:a:b", hooked.call("a", "b"));
        assertEquals(0, SampleHooks.exits);
        assertEquals(3, SampleHooks.entries.size());
    }

    @Test
    void primitiveArgumentsReachTheHookBoxedAndTheMethodsOwnCodeAsTheyWere() throws Exception {
        SampleCalls hooked = (SampleCalls) wovenSampleClass(List.of(new OutcomeHook("values", 2, 2, HOOKS, "enterNamed", null, true)))
                .getConstructor().newInstance();

        assertEquals("own:3:4000000000", hooked.values(3, 4_000_000_000L));
        assertEquals("own:2.5:true", hooked.values(2.5, true));
        assertArrayEquals(new Object[] {hooked, "values", 3, 4_000_000_000L}, SampleHooks.entries.get(0));
        assertArrayEquals(new Object[] {hooked, "values", 2.5, true}, SampleHooks.entries.get(1));

        SampleHooks.answer = HookOutcome.returning("governed");
        assertEquals("governed", hooked.values(1, 2L));
    }

    @Test
    void oneHookToldTheMethodsNameServesMethodsOfSeveralNames() throws Exception {
        SampleCalls hooked = (SampleCalls) wovenSampleClass(List.of(
                new OutcomeHook("call", 1, 2, HOOKS, "enterNamed", null, false).passingMethodName(),
                new OutcomeHook("other", 1, 2, HOOKS, "enterNamed", null, false).passingMethodName()))
                .getConstructor().newInstance();

        hooked.call("a", "b");
        hooked.other("c");

        assertArrayEquals(new Object[] {hooked, "call", "a", "b"}, SampleHooks.entries.get(0));
        assertArrayEquals(new Object[] {hooked, "other", "c", null}, SampleHooks.entries.get(1));
    }

    @Test
    void everyConstructorTellsTheHookOfItsReceiverAsItReturns() throws Exception {
        Class<?> woven = wovenSampleClass(List.of(new ReceiverHook("<init>", -1, HOOKS, "received")));
        SampleHooks.reset();

        Object made = woven.getConstructor().newInstance();
        Object early = woven.getConstructor(Object.class).newInstance("early");
        Object late = woven.getConstructor(Object.class).newInstance("late");

        // the no-argument constructor delegates to the other: both return, both tell
        assertEquals(List.of(made, made, early, late), SampleHooks.received);
        assertEquals(List.of("made", "early", "late"),
                List.of(((SampleCalls) made).made(), ((SampleCalls) early).made(), ((SampleCalls) late).made()));
    }

    @Test
    void aReceiverHookThatFailsLeavesTheConstructorToReturnAsItWas() throws Exception {
        Class<?> woven = wovenSampleClass(List.of(new ReceiverHook("<init>", -1, HOOKS, "received")));
        SampleHooks.reset();
        SampleHooks.receiverFailure = new NoClassDefFoundError("the agent's hooks");

        SampleCalls made = (SampleCalls) woven.getConstructor(Object.class).newInstance("late");

        assertEquals("own:a", made.call("a"));
    }

    @Test
    void aMethodEnteredTellsTheHookBeforeItsOwnCodeRunsAndGoesOnIfTheHookFails() throws Exception {
        SampleCalls hooked = (SampleCalls) wovenSampleClass(List.of(new ReceiverHook("loops", 2, HOOKS, "received")))
                .getConstructor().newInstance();
        SampleHooks.reset();

        assertEquals("looped:2", hooked.loops(2, "b"));
        assertEquals(List.of(hooked), SampleHooks.received);

        SampleHooks.reset();
        SampleHooks.receiverFailure = new NoClassDefFoundError("the agent's hooks");
        assertEquals("looped:1", hooked.loops(1, "b"));
    }

    @Test
    void aClassWithNoMethodHookedIsLeftAsItIs() throws IOException {
        assertNull(HookWeaver.weave(sampleClassFile(), List.of(new OutcomeHook("absent", 0, 1, HOOKS, "enter", "exit", false))));
    }

    private static Class<?> wovenSampleClass(List<Hook> hooks) throws IOException, ClassNotFoundException {
        byte[] woven = HookWeaver.weave(sampleClassFile(), hooks);
        return new ChildFirst(HookedSample.class.getName(), woven).loadClass(HookedSample.class.getName());
    }

    private static byte[] sampleClassFile() throws IOException {
        try (InputStream in = HookedSample.class.getResourceAsStream("HookedSample.class")) {
            return in.readAllBytes();
        }
    }

    /** Defines the woven class itself; everything else (the hooks, the interface, HookOutcome) comes from the test's loader. */
    private static final class ChildFirst extends ClassLoader {

        private final String name;
        private final byte[] classFile;

        ChildFirst(String name, byte[] classFile) {
            super(HookWeaverTest.class.getClassLoader());
            this.name = name;
            this.classFile = classFile;
        }

        @Override
        protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(className)) {
                if (!className.equals(name)) {
                    return super.loadClass(className, resolve);
                }
                Class<?> loaded = findLoadedClass(className);
                return loaded != null ? loaded : defineClass(className, classFile, 0, classFile.length);
            }
        }
    }
}
