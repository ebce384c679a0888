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
 * One child JVM running an app main class from the benchmark's own class path (which holds no agent
 * or runtime class), with or without the agent, waited for a bounded time.
 */
final class ChildProcess {

    /** What a child left behind. */
    record Exit(int code, String stdout, String stderr, long wallNanos) {}

    /** Variables of this environment that would attach an agent or change the child's JVM behind our back. */
    private static final List<String> SCRUBBED_ENV = List.of("LLM_FAILOVER_CONFIG", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS");

    private final String java;
    private final String classPath;
    private final Path workDir;

    ChildProcess(String java, String classPath, Path workDir) {
        this.java = java;
        this.classPath = classPath;
        this.workDir = workDir;
    }

    /** @param javaagent the whole {@code -javaagent:...} option, or null for a run without the agent */
    Exit run(String javaagent, Class<?> mainClass, List<String> args, Duration timeout)
            throws IOException, InterruptedException {
        return run(javaagent, List.of(), mainClass, args, timeout);
    }

    /** @param jvmOptions more options for the child JVM, such as a flight recording */
    Exit run(String javaagent, List<String> jvmOptions, Class<?> mainClass, List<String> args, Duration timeout)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(java);
        if (javaagent != null) {
            command.add(javaagent);
        }
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass.getName());
        command.addAll(args);
        Path stdout = Files.createTempFile(workDir, "child-", ".out");
        Path stderr = Files.createTempFile(workDir, "child-", ".err");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile());
        SCRUBBED_ENV.forEach(builder.environment()::remove);
        long started = System.nanoTime();
        Process process = builder.start();
        boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        long wall = System.nanoTime() - started;
        if (!finished) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IOException("the child " + mainClass.getSimpleName() + " did not finish within " + timeout
                    + "; its output:\n" + Files.readString(stdout) + Files.readString(stderr));
        }
        return new Exit(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                Files.readString(stderr, StandardCharsets.UTF_8), wall);
    }
}
