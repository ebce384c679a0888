package io.llmfailover.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a child app printed, parsed from the lines its {@code Report} writes, with the whole run kept
 * for assertion messages.
 */
final class AppOutput {

    record Result(int call, int status, String provider, String content) {}

    record Error(int call, String type, String status, String code, String body) {}

    record ToolCall(int call, int index, String id, String name, String finish, String arguments) {}

    private static final Pattern RESULT = Pattern.compile("^RESULT call=(\\d+) status=(\\d+) provider=(\\S+) content=(.*)$");
    private static final Pattern ERROR = Pattern.compile("^ERROR call=(\\d+) type=(\\S+) status=(\\S+) code=(\\S+) body=(.*)$");
    private static final Pattern CHUNK = Pattern.compile("^CHUNK call=(\\d+) index=\\d+ text=(.*)$");
    private static final Pattern TOOL_CALL = Pattern.compile(
            "^TOOLCALL call=(\\d+) index=(\\d+) id=(\\S+) name=(\\S+) finish=(\\S+) arguments=(.*)$");
    private static final Pattern LIBRARY = Pattern.compile("^LIBRARY name=(\\S+) jar=(\\S+) works=(.*)$");

    private final String command;
    private final Integer exitCode;
    private final String stdout;
    private final String stderr;

    AppOutput(String command, Integer exitCode, String stdout, String stderr) {
        this.command = command;
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** The command line that started the child. */
    String command() {
        return command;
    }

    /** The child's exit status, or null when it was killed after its timeout. */
    Integer exitCode() {
        return exitCode;
    }

    /** True when the app made every call of its plan and exited normally, within its time. */
    boolean completed() {
        return exitCode != null && exitCode == 0 && stdoutLines().contains("DONE");
    }

    List<Result> results() {
        List<Result> results = new ArrayList<>();
        for (Matcher m : matches(RESULT)) {
            results.add(new Result(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    m.group(3), m.group(4)));
        }
        return results;
    }

    List<Error> errors() {
        List<Error> errors = new ArrayList<>();
        for (Matcher m : matches(ERROR)) {
            errors.add(new Error(Integer.parseInt(m.group(1)), m.group(2), m.group(3), m.group(4), m.group(5)));
        }
        return errors;
    }

    /** The tool calls the model made in the app's calls, as the app read them. */
    List<ToolCall> toolCalls() {
        List<ToolCall> calls = new ArrayList<>();
        for (Matcher m : matches(TOOL_CALL)) {
            calls.add(new ToolCall(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), m.group(3), m.group(4),
                    m.group(5), m.group(6)));
        }
        return calls;
    }

    /** The content deltas the app saw during one streamed call, in arrival order. */
    List<String> chunks(int call) {
        List<String> chunks = new ArrayList<>();
        for (Matcher m : matches(CHUNK)) {
            if (Integer.parseInt(m.group(1)) == call) {
                chunks.add(m.group(2));
            }
        }
        return chunks;
    }

    Optional<Result> result(int call) {
        return results().stream().filter(r -> r.call() == call).findFirst();
    }

    /** The jar file each library the app uses was loaded from, by library name. */
    Map<String, String> libraryJars() {
        Map<String, String> jars = new LinkedHashMap<>();
        for (Matcher m : matches(LIBRARY)) {
            jars.put(m.group(1), m.group(2));
        }
        return jars;
    }

    List<String> stdoutLines() {
        return stdout.lines().toList();
    }

    List<String> stderrLines() {
        return stderr.lines().toList();
    }

    /** The whole run, for assertion messages: command, exit, stdout and stderr. */
    String describe() {
        return "\n--- command\n" + command
                + "\n--- exit: " + (exitCode == null ? "killed after its timeout" : exitCode)
                + "\n--- stdout\n" + stdout
                + "--- stderr\n" + stderr;
    }

    @Override
    public String toString() {
        return describe();
    }

    private List<Matcher> matches(Pattern pattern) {
        List<Matcher> found = new ArrayList<>();
        for (String line : stdoutLines()) {
            Matcher m = pattern.matcher(line);
            if (m.matches()) {
                found.add(m);
            }
        }
        return found;
    }
}
