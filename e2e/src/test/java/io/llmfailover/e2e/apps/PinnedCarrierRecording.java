package io.llmfailover.e2e.apps;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * A JFR recording of every time a virtual thread pins its carrier (JDK 21+), other than to wait for
 * a class's initialiser, which says nothing about how the agent waits for the network. Pins with an
 * agent frame on the stack are counted apart, and their stacks printed on stderr.
 *
 * <p>Its report is the line {@code PINNED count=N agent=M}.
 */
final class PinnedCarrierRecording implements AutoCloseable {

    private final RecordingStream recording = new RecordingStream();
    private final AtomicInteger pinned = new AtomicInteger();
    private final AtomicInteger pinnedInAgent = new AtomicInteger();

    private PinnedCarrierRecording() {
        recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
        recording.onEvent("jdk.VirtualThreadPinned", this::count);
        recording.startAsync();
    }

    static PinnedCarrierRecording start() {
        return new PinnedCarrierRecording();
    }

    /** Flushes the events recorded so far, then prints {@code PINNED count=N agent=M}. */
    void stopAndReport() throws ReflectiveOperationException {
        // JDK 20+: stop() returns once the events recorded so far were delivered; compiled for 17.
        RecordingStream.class.getMethod("stop").invoke(recording);
        Report.line("PINNED count=" + pinned.get() + " agent=" + pinnedInAgent.get());
    }

    @Override
    public void close() {
        recording.close();
    }

    private void count(RecordedEvent event) {
        if (isClassInitialisation(event)) {
            return;
        }
        pinned.incrementAndGet();
        if (hasAgentFrame(event)) {
            pinnedInAgent.incrementAndGet();
            Report.line("PINNED-IN-AGENT " + event.getStackTrace().getFrames().get(0).getMethod().getType().getName());
            System.err.println(event);
            event.getStackTrace().getFrames().forEach(frame -> System.err.println("    at "
                    + frame.getMethod().getType().getName() + "." + frame.getMethod().getName() + ":" + frame.getLineNumber()));
        }
    }

    /** JDK 25 names why a thread was pinned. */
    private static boolean isClassInitialisation(RecordedEvent event) {
        return event.hasField("pinnedReason") && String.valueOf(event.getString("pinnedReason")).startsWith("Waited for initialization");
    }

    /** A frame of the agent or its runtime; this app's own frames (io.llmfailover.e2e) are the app's. */
    private static boolean hasAgentFrame(RecordedEvent event) {
        if (event.getStackTrace() == null) {
            return false;
        }
        for (RecordedFrame frame : event.getStackTrace().getFrames()) {
            String type = frame.getMethod().getType().getName();
            if (type.startsWith("io.llmfailover.") && !type.startsWith("io.llmfailover.e2e.")) {
                return true;
            }
        }
        return false;
    }
}
