package io.llmfailover.e2e;

/** The summary lines a child app prints ({@code LOAD ..}, {@code STEADY ..}, {@code PINNED ..}), found by their first word. */
final class ReportLines {

    private ReportLines() {}

    /** The first line of the child's stdout that starts with {@code prefix}; fails the test when there is none. */
    static String first(AppOutput output, String prefix) {
        return output.stdoutLines().stream()
                .filter(line -> line.startsWith(prefix))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no line starting with '" + prefix + "'" + output.describe()));
    }
}
