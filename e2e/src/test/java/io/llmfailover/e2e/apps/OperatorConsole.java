package io.llmfailover.e2e.apps;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * An operator at the app JVM's JMX console (jconsole, VisualVM): invokes an operation of the
 * agent's MBeans through the platform MBean server, as a remote JMX client would, and reports what
 * it returned ({@code JMX op=forceOpen provider=primary}, then a {@code STATUS} line per line of a
 * status page). Waits for the agent to put its MBeans up, which it does at the first governed call.
 */
final class OperatorConsole {

    private static final long WAIT_MILLIS = 15_000;

    private OperatorConsole() {}

    static void invoke(String operation, String provider) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName(provider == null ? "io.llmfailover:type=Agent"
                : "io.llmfailover:type=Provider,name=" + provider);
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!server.isRegistered(name) && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        Object result = server.invoke(name, operation, null, null);
        Report.line("JMX op=" + operation + " provider=" + provider);
        if (result instanceof String text) {
            text.lines().forEach(line -> Report.line("STATUS " + line));
        }
    }
}
