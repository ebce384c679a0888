package io.llmfailover.e2e;

/** The load on platform threads: a thread per call (runs in the JDK 17 pass only, see e2e/pom.xml). */
class PlatformThreadLoadTest extends AbstractConcurrentLoadTest {

    @Override
    String threads() {
        return "platform";
    }
}
