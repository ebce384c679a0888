package io.llmfailover.e2e;

import java.nio.file.Files;
import java.nio.file.Path;

/** The built agent jar the child JVMs attach, found through the {@code agent.jar} system property. */
final class AgentJar {

    private AgentJar() {}

    static Path locate() {
        String configured = System.getProperty("agent.jar");
        if (configured == null || configured.isBlank()) {
            throw new IllegalStateException("The system property agent.jar is not set; run the e2e tests through"
                    + " Maven (mvn -pl e2e test), which points it at agent/target/llm-failover-agent.jar.");
        }
        Path jar = Path.of(configured).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The agent jar " + jar + " does not exist; build it first:"
                    + " mvn -q -pl runtime,agent -am package -DskipTests");
        }
        return jar;
    }
}
