package io.llmfailover.benchmarks.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A long-lived child JVM the benchmark drives one line at a time: it writes a {@link Command} to the
 * child's standard input and waits, for a bounded time, for the answer line on its standard output.
 */
final class DrivenApp implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Writer commands;
    private final BufferedReader answers;
    private final Path stderr;
    private final ExecutorService reader;

    private DrivenApp(String name, Process process, Path stderr) {
        this.name = name;
        this.process = process;
        this.stderr = stderr;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.answers = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.reader = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "reader-" + name);
            thread.setDaemon(true);
            return thread;
        });
    }

    static DrivenApp start(ChildProcess children, String name, List<String> jvmOptions, Class<?> mainClass)
            throws IOException {
        Path stderr = Files.createTempFile(children.workDir(), "driven-", ".err");
        return new DrivenApp(name, children.start(jvmOptions, mainClass, List.of(), stderr), stderr);
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    /** The next line the app prints whose first word is one of those given; other lines are skipped. */
    String awaitLine(List<String> firstWords, Duration timeout) throws IOException {
        Future<String> line = reader.submit(() -> {
            for (String next; (next = answers.readLine()) != null; ) {
                if (firstWords.stream().anyMatch(next::startsWith)) {
                    return next;
                }
            }
            return null;
        });
        try {
            String found = line.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (found == null) {
                throw new IOException(name + " exited (" + process.waitFor() + ") before answering; its stderr:\n"
                        + stderr());
            }
            return found;
        } catch (TimeoutException e) {
            line.cancel(true);
            throw new IOException(name + " did not answer within " + timeout + "; its stderr:\n" + stderr());
        } catch (ExecutionException e) {
            throw new IOException(name + ": " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for " + name, e);
        }
    }

    /** Sends a command and returns the app's {@code RESULT}; a {@code FAILED} answer is thrown. */
    Command ask(Command command, Duration timeout) throws IOException {
        commands.write(command.encode() + "\n");
        commands.flush();
        String answer = awaitLine(List.of("RESULT", "FAILED"), timeout);
        if (answer.startsWith("FAILED")) {
            throw new IOException(name + " could not run " + command.verb() + ": " + answer + "\nits stderr:\n" + stderr());
        }
        return Command.parse(answer);
    }

    String stderr() throws IOException {
        return Files.readString(stderr, StandardCharsets.UTF_8);
    }

    /** Asks the app to quit (so that a flight recording and the agent's last export are written), then waits. */
    @Override
    public void close() throws IOException, InterruptedException {
        try {
            commands.write("quit\n");
            commands.close();
        } catch (IOException alreadyGone) {
            // It exited on its own; waiting below says how.
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        reader.shutdownNow();
    }
}
