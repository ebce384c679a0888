package io.llmfailover.agent.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StrictModeTest {

    @TempDir
    Path workingDirectory;

    @ParameterizedTest(name = "args [{0}], -Dllm.failover.agent.strict={1}, file says [{2}] -> strict {3}")
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "-                           | -     | -                              | false",
        "agent.strict=true           | -     | -                              | true",
        "strict=true                 | -     | -                              | true",
        "config=FILE,agent.strict=true | -   | agent.strict = false           | true",
        "-                           | true  | -                              | true",
        "config=FILE                 | false | agent.strict = true            | false",
        "config=FILE                 | -     | agent.strict = true            | true",
        "config=FILE                 | -     | agent.strict = true   # stop   | true",
        "config=FILE                 | -     | agent.strict = TRUE            | true",
        "config=FILE                 | -     | agent.strict = yes             | false",
        "config=FILE                 | -     | provider.x.url = ://broken     | false",
        "config=/does/not/exist      | -     | -                              | false",
    })
    void strictModeIsReadEvenFromAnInvalidConfig(String args, String property, String fileLine, boolean strict) throws IOException {
        Path file = workingDirectory.resolve("custom.properties");
        if (fileLine != null) {
            Files.writeString(file, "route.broken.chain = nowhere\n" + fileLine + "\n");
        }
        String agentArgs = args == null ? null : args.replace("FILE", file.toString());
        Map<String, String> properties = property == null ? Map.of() : Map.of("llm.failover.agent.strict", property);
        StrictMode mode = new StrictMode(properties::get, name -> null, workingDirectory);

        assertEquals(strict, mode.requested(agentArgs));
    }

    @ParameterizedTest(name = "{0} finds the file")
    @CsvSource({"system property", "environment", "working directory"})
    void theFileIsFoundByTheContractsLookupOrder(String where) throws IOException {
        Path file = workingDirectory.resolve(where.equals("working directory") ? "llm-failover.properties" : "elsewhere.properties");
        Files.writeString(file, "agent.strict = true\n");
        Map<String, String> properties = where.equals("system property") ? Map.of("llm.failover.config", file.toString()) : Map.of();
        Map<String, String> environment = where.equals("environment") ? Map.of("LLM_FAILOVER_CONFIG", file.toString()) : Map.of();
        StrictMode mode = new StrictMode(properties::get, environment::get, workingDirectory);

        assertEquals(true, mode.requested(null));
    }

    /** The variable over the file, the system property over the variable: the order every setting follows. */
    @ParameterizedTest(name = "property {0}, variable {1}, file {2}: strict {3}")
    @CsvSource(nullValues = "-", value = {
        "-     | true  | false | true",
        "-     | false | true  | false",
        "false | true  | true  | false",
        "-     | -     | true  | true",
    }, delimiter = '|')
    void theEnvironmentVariableTakesItsPlaceBetweenThePropertyAndTheFile(String property, String variable, String fileValue,
            boolean strict) throws IOException {
        Path file = workingDirectory.resolve("llm-failover.properties");
        Files.writeString(file, "agent.strict = " + fileValue + "\nprovider.x.url = ://broken\n");
        Map<String, String> properties = property == null ? Map.of() : Map.of("llm.failover.agent.strict", property);
        Map<String, String> environment = variable == null ? Map.of() : Map.of("LLM_FAILOVER_AGENT_STRICT", variable);

        assertEquals(strict, new StrictMode(properties::get, environment::get, workingDirectory).requested(null));
    }
}
