package io.llmfailover.agent.bootstrap;

/**
 * Defines one adapter package as a child of the class loader that loaded the instrumented client,
 * so the adapter sees the app's client types (OkHttp, java.net.http) while everything else,
 * the runtime included, resolves through the parent as usual. Child-first for the adapter package
 * only: the parent (ultimately the bootstrap loader, where the agent jar is appended) would
 * otherwise find copies of the adapter classes that cannot see the client. The OTLP exporter's
 * JDK HTTP sender is defined the same way, under the platform loader that sees java.net.http.
 */
public final class AdapterClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    private final String adapterPackage;

    /**
     * @param parent the loader of the instrumented client class
     * @param adapterPackage the package defined here, e.g. {@code io.llmfailover.agent.okhttp}
     */
    public AdapterClassLoader(ClassLoader parent, String adapterPackage) {
        super("llm-failover:" + adapterPackage, parent);
        this.adapterPackage = adapterPackage + ".";
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(adapterPackage)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> type = findLoadedClass(name);
            if (type == null) {
                type = findClass(name);
            }
            if (resolve) {
                resolveClass(type);
            }
            return type;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        byte[] bytes = AgentJar.classBytes(name);
        if (bytes == null) {
            throw new ClassNotFoundException(name);
        }
        return defineClass(name, bytes, 0, bytes.length);
    }
}
