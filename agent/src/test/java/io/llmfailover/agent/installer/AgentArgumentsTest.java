package io.llmfailover.agent.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class AgentArgumentsTest {

    @Test
    void aConfigPairNamesTheFile() {
        assertEquals(Optional.of("/etc/llm.properties"), AgentArguments.parse("config=/etc/llm.properties").value("config"));
    }

    @Test
    void aLoneValueIsTheConfigFile() {
        assertEquals(Optional.of("llm.properties"), AgentArguments.parse("llm.properties").value("config"));
    }

    @Test
    void strictMayFollowTheConfig() {
        AgentArguments arguments = AgentArguments.parse("config=a.properties,strict=true");
        assertEquals(Optional.of("true"), arguments.value("strict"));
    }

    @ParameterizedTest
    @NullAndEmptySource
    void noArgumentsIsNoConfigArgument(String raw) {
        assertFalse(AgentArguments.parse(raw).value("config").isPresent());
    }

    @ParameterizedTest
    @ValueSource(strings = {"=conf=/etc/x.properties", "conf=/etc/x.properties", "config=a,verbose=true"})
    void anUnknownArgumentIsAnErrorThatNamesIt(String raw) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> AgentArguments.parse(raw));
        assertTrue(error.getMessage().contains("unknown agent argument"), error.getMessage());
        assertTrue(error.getMessage().contains("config=<file>"), error.getMessage());
    }

    @ParameterizedTest(name = "{0} -> tool: {1}")
    @CsvSource(delimiter = '|', value = {
        "jdk.compiler/com.sun.tools.javac.Main -d out A.java | true",
        "jdk.jartool/sun.tools.jar.Main tf app.jar | true",
        "jdk.jshell/jdk.internal.jshell.tool.JShellToolProvider | true",
        "jdk.compiler/com.sun.tools.javac.launcher.Main App.java | false",
        "com.example.App --port 8080 | false",
        "app.jar | false",
        "org.springframework.boot.loader.launch.JarLauncher | false",
    })
    void jdkToolsAreToldFromApplications(String command, boolean tool) {
        assertEquals(tool, JdkTool.isTool(command));
    }

    @Test
    void aLauncherWithNoMainClassIsATool() {
        assertTrue(JdkTool.isTool(null), "java -version runs no main class");
    }
}
