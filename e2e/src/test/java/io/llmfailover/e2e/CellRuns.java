package io.llmfailover.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The output of a child that ran its app once per cell ({@link io.llmfailover.e2e.apps.FaultMatrixApp}),
 * cut at its {@code CELL} lines: each cell's own output, and how long its run took.
 */
final class CellRuns {

    private static final Pattern CELL_END = Pattern.compile("^CELL-END fault=(\\S+) millis=(\\d+)$");

    /** One cell's run: what the app printed in it (the agent's log is the whole run's), and its length. */
    record CellRun(AppOutput output, long millis) {}

    private CellRuns() {}

    /** Each cell that ran to its end, by cell name, in the order they ran. */
    static Map<String, CellRun> split(AppOutput whole) {
        Map<String, CellRun> cells = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>();
        for (String line : whole.stdoutLines()) {
            Matcher end = CELL_END.matcher(line);
            if (line.startsWith("CELL fault=")) {
                lines.clear();
            } else if (end.matches()) {
                AppOutput output = new AppOutput(whole.command(), whole.exitCode(),
                        String.join("\n", lines) + "\n", String.join("\n", whole.stderrLines()));
                cells.put(end.group(1), new CellRun(output, Long.parseLong(end.group(2))));
            } else {
                lines.add(line);
            }
        }
        return cells;
    }
}
