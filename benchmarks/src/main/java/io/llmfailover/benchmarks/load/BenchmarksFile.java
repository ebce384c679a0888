package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * BENCHMARKS.md keeps, between two marker comments, the results the last run of the load benchmark
 * produced; the prose around them is left as written.
 */
final class BenchmarksFile {

    static final String BEGIN = "<!-- load-results:begin (written by benchmarks/run-load.sh; do not edit by hand) -->";
    static final String END = "<!-- load-results:end -->";

    private BenchmarksFile() {}

    static void writeResults(Path file, String results) throws IOException {
        String section = BEGIN + "\n" + results.strip() + "\n" + END;
        String text = Files.isRegularFile(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        int begin = text.indexOf(BEGIN);
        int end = text.indexOf(END);
        String updated = begin >= 0 && end > begin
                ? text.substring(0, begin) + section + text.substring(end + END.length())
                : text + (text.isEmpty() ? "# Benchmarks\n\n" : "\n") + section + "\n";
        Files.writeString(file, updated, StandardCharsets.UTF_8);
    }
}
