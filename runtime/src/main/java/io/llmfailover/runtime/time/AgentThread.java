package io.llmfailover.runtime.time;

/** The threads the agent starts for itself. */
public final class AgentThread {

    private AgentThread() {}

    /**
     * A daemon thread, not yet started, whose context class loader is the system one. Many are
     * started from an app's thread (the first call builds the engine, the first deadline starts the
     * timer): left as it is, a thread would keep that thread's loader, a web app's that its server
     * unloads on redeploy, from ever being collected.
     */
    public static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.setContextClassLoader(ClassLoader.getSystemClassLoader());
        return thread;
    }
}
