package io.llmfailover.runtime.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Collects what the test logger (slf4j-simple, which writes to the current {@code System.err})
 * logs while it is open.
 */
public final class LogCapture implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public LogCapture() {
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    public List<String> lines() {
        System.err.flush();
        return Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\\R"));
    }

    /** The lines that contain {@code text}. */
    public List<String> linesWith(String text) {
        return lines().stream().filter(line -> line.contains(text)).toList();
    }

    @Override
    public void close() {
        System.setErr(original);
    }
}
