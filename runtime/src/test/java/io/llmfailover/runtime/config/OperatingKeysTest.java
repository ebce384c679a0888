package io.llmfailover.runtime.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.llmfailover.runtime.config.DrillFault.Kind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code drill.*} and {@code status.interval}: off unless asked for; a drill only with {@code drill.enabled = true}. */
class OperatingKeysTest {

    @TempDir
    Path workDir;

    @Test
    void byDefaultNoDrillAndNoStatusPage() throws Exception {
        OperatingSettings operating = load().operating();

        assertFalse(operating.drills().any());
        assertTrue(operating.drills().refused().isEmpty());
        assertNull(operating.statusInterval());
    }

    @Test
    void everyKindOfFaultIsRead() throws Exception {
        OperatingSettings operating = load("drill.enabled = true",
                "drill.openai.fault = 429:25%, 503:10%, 529:10%, connect:5%, hang:5%, latency=2s:10%, reset-mid-stream:5%",
                "status.interval = 1m").operating();

        List<DrillFault> faults = operating.drills().faults().get("openai");
        assertEquals(List.of(new DrillFault(Kind.STATUS, 429, null, 0.25), new DrillFault(Kind.STATUS, 503, null, 0.10),
                new DrillFault(Kind.STATUS, 529, null, 0.10), new DrillFault(Kind.CONNECT, 0, null, 0.05),
                new DrillFault(Kind.HANG, 0, null, 0.05), new DrillFault(Kind.LATENCY, 0, Duration.ofSeconds(2), 0.10),
                new DrillFault(Kind.RESET_MID_STREAM, 0, null, 0.05)), faults);
        assertEquals(List.of("429", "503", "529", "connect", "hang", "latency=2s", "reset-mid-stream"),
                faults.stream().map(DrillFault::label).toList());
        assertEquals(Duration.ofMinutes(1), operating.statusInterval());
    }

    @Test
    void aFaultWithoutDrillEnabledIsRefusedNotApplied() throws Exception {
        DrillSettings drills = load("drill.openai.fault = 429:25%").operating().drills();

        assertFalse(drills.any());
        assertEquals(1, drills.refused().size());
        assertTrue(drills.refused().get(0).endsWith(":5: drill.openai.fault"), drills.refused().get(0));
    }

    @Test
    void statusIntervalOffMeansNone() throws Exception {
        assertNull(load("status.interval = off").operating().statusInterval());
    }

    @Test
    void badDrillsAreReportedWithFileLineAndKey() throws Exception {
        assertProblem("drill.openai.fault = 429", "drill.openai.fault", "expected faults like");
        assertProblem("drill.openai.fault = 200:5%", "drill.openai.fault", "unknown fault '200'");
        assertProblem("drill.openai.fault = explode:5%", "drill.openai.fault", "unknown fault 'explode'");
        assertProblem("drill.openai.fault = 429:0%", "drill.openai.fault", "more than 0%");
        assertProblem("drill.openai.fault = 429:60%, 503:50%", "drill.openai.fault", "more than 100%");
        assertProblem("drill.openai.fault = latency=2:5%", "drill.openai.fault", "unit");
        assertProblem("drill.anthropic.fault = 429:5%", "drill.anthropic.fault", "no provider named 'anthropic'");
        assertProblem("drill.enabled = yes please", "drill.enabled", "");
        assertProblem("status.interval = 5", "status.interval", "unit");
        assertProblem("drill.enable = true", "drill.enable", "did you mean drill.enabled");
    }

    private void assertProblem(String line, String key, String says) throws IOException {
        Path file = write("drill.enabled = true", line);
        ConfigException problem = assertThrows(ConfigException.class,
                () -> ConfigLoader.load("config=" + file, Map.of(), new Properties(), workDir), line);
        String message = problem.getMessage();
        assertTrue(message.contains(file + ":5") || message.contains(file + ":6"), message);
        assertTrue(message.contains(key), message);
        assertTrue(message.contains(says), message);
    }

    private FailoverConfig load(String... lines) throws Exception {
        Path file = write(lines);
        return ConfigLoader.load("config=" + file, Map.of(), new Properties(), workDir);
    }

    private Path write(String... lines) throws IOException {
        Path file = workDir.resolve("llm-failover.properties");
        StringBuilder text = new StringBuilder("provider.openai.url = https://api.openai.com/v1\n"
                + "provider.deepseek.url = https://api.deepseek.com/v1\n"
                + "route.chat.match = openai\n"
                + "route.chat.chain = openai, deepseek\n");
        for (String line : lines) {
            text.append(line).append('\n');
        }
        Files.writeString(file, text);
        return file;
    }
}
