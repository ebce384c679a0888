package io.llmfailover.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The fault matrix as a table (faults down, client libraries across), written to {@code
 * target/fault-matrix.md} and printed: each client's test class records its column as it ends,
 * and the table is rebuilt from every column recorded so far.
 */
final class FaultMatrixReport {

    private static final Path COLUMNS = Path.of("target", "fault-matrix");
    private static final Path TABLE = Path.of("target", "fault-matrix.md");

    private FaultMatrixReport() {}

    /** Records one client's column: a verdict per fault ({@code pass}, or {@code FAIL}). */
    static synchronized void record(ClientCall client, Map<Fault, Boolean> passed) {
        List<String> lines = new ArrayList<>();
        passed.forEach((fault, ok) -> lines.add(fault.name() + "\t" + (ok ? "pass" : "FAIL")));
        try {
            Files.createDirectories(COLUMNS);
            Files.write(COLUMNS.resolve(client.name() + ".tsv"), lines, StandardCharsets.UTF_8);
            String table = table(readColumns());
            Files.writeString(TABLE, table, StandardCharsets.UTF_8);
            System.out.println(table);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the fault matrix under " + COLUMNS.toAbsolutePath(), e);
        }
    }

    private static Map<ClientCall, Map<Fault, String>> readColumns() throws IOException {
        Map<ClientCall, Map<Fault, String>> columns = new TreeMap<>();
        try (Stream<Path> files = Files.list(COLUMNS)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString().replace(".tsv", "");
                Map<Fault, String> column = new EnumMap<>(Fault.class);
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    String[] parts = line.split("\t");
                    column.put(Fault.valueOf(parts[0]), parts[1]);
                }
                columns.put(ClientCall.valueOf(name), column);
            }
        }
        return columns;
    }

    /**
     * Faults down, one column per client library; a column's marks are its ways of calling in
     * {@link ClientCall} order (blocking, then streaming).
     */
    private static String table(Map<ClientCall, Map<Fault, String>> columns) {
        Map<String, List<ClientCall>> libraries = new LinkedHashMap<>();
        for (ClientCall client : columns.keySet()) {
            libraries.computeIfAbsent(client.library(), l -> new ArrayList<>()).add(client);
        }
        StringBuilder table = new StringBuilder("| fault | expected (blocking / streaming) |");
        StringBuilder rule = new StringBuilder("|---|---|");
        libraries.keySet().forEach(library -> {
            table.append(' ').append(library).append(" |");
            rule.append(":-:|");
        });
        table.append('\n').append(rule).append('\n');
        int cells = 0;
        int failed = 0;
        for (Fault fault : Fault.values()) {
            String blocking = fault.expected(false).summary();
            String streaming = fault.expected(true).summary();
            table.append("| ").append(fault.label).append(" | ")
                    .append(blocking.equals(streaming) ? blocking : blocking + " / " + streaming).append(" |");
            for (List<ClientCall> calls : libraries.values()) {
                StringBuilder marks = new StringBuilder();
                for (ClientCall call : calls) {
                    String verdict = columns.get(call).get(fault);
                    cells += verdict == null ? 0 : 1;
                    failed += "FAIL".equals(verdict) ? 1 : 0;
                    marks.append(marks.length() == 0 ? "" : " ").append(verdict == null ? "·" : verdict.equals("pass") ? "✓" : "✗");
                }
                table.append(' ').append(marks).append(" |");
            }
            table.append('\n');
        }
        return table.append('\n').append(cells).append(" cells (").append(columns.size()).append(" ways of calling x ")
                .append(Fault.values().length).append(" faults), ").append(failed).append(" red\n").toString();
    }
}
