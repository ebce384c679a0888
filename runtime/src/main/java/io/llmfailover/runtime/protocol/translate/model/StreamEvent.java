package io.llmfailover.runtime.protocol.translate.model;

/** One step of a streamed answer, between a target's event decoder and a caller's event encoder. */
public sealed interface StreamEvent {

    /** The answer began; {@code usage} carries the input count when the target reports it up front. */
    record Started(String id, String model, Usage usage) implements StreamEvent {}

    record TextDelta(String text) implements StreamEvent {

        @Override
        public String toString() {
            return "TextDelta[" + text.length() + " chars]";
        }
    }

    /** A tool call opened; {@code ordinal} numbers the calls of this answer 0, 1, 2 … */
    record ToolCallStarted(int ordinal, String id, String name) implements StreamEvent {}

    /** A fragment of a call's JSON arguments; concatenated fragments form one JSON object. */
    record ToolArgumentsDelta(int ordinal, String fragment) implements StreamEvent {

        @Override
        public String toString() {
            return "ToolArgumentsDelta[" + ordinal + ", " + fragment.length() + " chars]";
        }
    }

    record Finished(StopReason reason, String stopSequence) implements StreamEvent {}

    record UsageReported(Usage usage) implements StreamEvent {}

    /** The stream ended cleanly. */
    record Ended() implements StreamEvent {}

    /** The target reported an error, or its stream could not be read: the caller gets an error frame. */
    record Failed(ErrorKind kind, String message) implements StreamEvent {}
}
