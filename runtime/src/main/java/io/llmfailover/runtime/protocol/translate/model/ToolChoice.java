package io.llmfailover.runtime.protocol.translate.model;

/** Whether and which tool the model must call. */
public record ToolChoice(Mode mode, String name) {

    public enum Mode { AUTO, NONE, REQUIRED, NAMED }

    public static final ToolChoice AUTO = new ToolChoice(Mode.AUTO, null);
    public static final ToolChoice NONE = new ToolChoice(Mode.NONE, null);
    public static final ToolChoice REQUIRED = new ToolChoice(Mode.REQUIRED, null);

    public static ToolChoice named(String name) {
        return new ToolChoice(Mode.NAMED, name);
    }

    /** Whether the model is forced to call some tool. */
    public boolean forces() {
        return mode == Mode.REQUIRED || mode == Mode.NAMED;
    }
}
