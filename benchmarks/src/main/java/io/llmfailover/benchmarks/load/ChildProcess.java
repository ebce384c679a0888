package io.llmfailover.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child JVMs of the benchmark: apps running a main class from the apps' class path (the benchmark's
 * own classes and OkHttp, no agent or runtime class), with or without the agent; either run to their
 * end within a bounded time, or started to be driven over their standard input.
 */
final class ChildProcess {

    /** What a child left behind. */
    record Exit(int code, String stdout, String stderr, long wallNanos) {}

    /** Variables of this environment that would attach an agent or change the child's JVM behind our back. */
    private static final List<String> SCRUBBED_ENV = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS",
            "OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SERVICE_NAME", "OTEL_SDK_DISABLED");

    private final String java;
    private final String classPath;
    private final Path workDir;

    ChildProcess(String java, String classPath, Path workDir) {
        this.java = java;
        this.classPath = classPath;
        this.workDir = workDir;
    }

    Path workDir() {
        return workDir;
    }

    /** @param jvmOptions options for the child JVM: the whole {@code -javaagent:...} option if any, a recording ... */
    Exit run(List<String> jvmOptions, Class<?> mainClass, List<String> args, Duration timeout)
            throws IOException, InterruptedException {
        return runJava(appCommand(jvmOptions, mainClass, args), mainClass.getSimpleName(), timeout);
    }

    /** Runs {@code java} with the arguments given (its own class path or {@code -jar}), waited for up to the timeout. */
    Exit runJava(List<String> javaArguments, String what, Duration timeout) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(javaArguments);
        Path stdout = Files.createTempFile(workDir, "child-", ".out");
        Path stderr = Files.createTempFile(workDir, "child-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        scrub(builder);
        long started = System.nanoTime();
        Process process = builder.start();
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        long wall = System.nanoTime() - started;
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("the child " + what + " did not finish within " + timeout
                    + "; its output:\n" + Files.readString(stdout) + Files.readString(stderr));
        }
        return new Exit(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8), wall);
    }

    /** Starts an app to be driven over its standard input and output; its standard error goes to the file given. */
    Process start(List<String> jvmOptions, Class<?> mainClass, List<String> args, Path stderr) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(appCommand(jvmOptions, mainClass, args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectError(stderr.toFile());
        scrub(builder);
        return builder.start();
    }

    /** Without this environment's variables that would attach an agent, configure it, or change the JVM. */
    private static void scrub(ProcessBuilder builder) {
        SCRUBBED_ENV.forEach(builder.environment()::remove);
        builder.environment().keySet().removeIf(name -> name.startsWith("LLM_FAILOVER_")); // every setting of the agent
    }

    private List<String> appCommand(List<String> jvmOptions, Class<?> mainClass, List<String> args) {
        List<String> command = new ArrayList<>(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }
}
