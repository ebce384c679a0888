package io.llmfailover.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The load on virtual threads (JDK 21+; runs in the JDK 25 pass only, see e2e/pom.xml), under a JFR
 * recording of pinned carriers: none may have an agent frame on its stack.
 */
class VirtualThreadLoadTest extends AbstractConcurrentLoadTest {

    @Override
    String threads() {
        return "virtual";
    }

    @Override
    void assertAlso(AppOutput output) {
        String pinned = ReportLines.first(output, "PINNED ");
        System.out.println("virtual threads: " + pinned);
        assertTrue(pinned.endsWith(" agent=0"), output::describe);
    }
}
