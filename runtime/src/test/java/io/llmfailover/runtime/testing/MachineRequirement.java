package io.llmfailover.runtime.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Something a test class needs that the JDK does not bring (redis-server, openssl). Where it is
 * missing, the class is skipped and the test JVM says so once, in one line that tells how to
 * install it, so that {@code ./mvnw verify} passes on a machine with only a JDK; with {@code
 * CI=true} its absence fails the class instead, since CI installs it ({@code .ci/run}).
 */
public abstract class MachineRequirement implements ExecutionCondition {

    /** The lines already printed: one per requirement, however many classes it skips. */
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    private final String missing;
    private final BooleanSupplier installed;

    /** @param missing what is missing, which tests need it and how to install it */
    protected MachineRequirement(String missing, BooleanSupplier installed) {
        this.missing = missing;
        this.installed = installed;
    }

    @Override
    public final ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (installed.getAsBoolean()) {
            return ConditionEvaluationResult.enabled("installed");
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException(missing + "; CI=true requires them");
        }
        String skipped = missing + "; skipped (with CI=true they fail)";
        if (SAID.add(skipped)) {
            System.out.println(skipped);
        }
        return ConditionEvaluationResult.disabled(skipped);
    }

    /** The executable {@code name} in a folder of the PATH, as the shell would find it. */
    public static Optional<Path> onPath(String name) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(folder -> !folder.isEmpty())
                .map(folder -> Path.of(folder, name))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
