package io.llmfailover.agent.bootstrap;

/**
 * Defines one adapter package as a child of the class loader that loaded the instrumented client,
 * so the adapter sees the app's client types (OkHttp, java.net.http) while everything else,
 * the runtime included, resolves through the parent as usual. Child-first for the adapter package
 * and for {@value #REACTIVE_SUPPORT} (pieces shared by the reactive adapters, which must see the
 * app's Reactive Streams types as much as the adapter does) only: the parent (ultimately the bootstrap loader, where the agent jar is appended) would
 * otherwise find copies of the adapter classes that cannot see the client. The OTLP exporter's
 * JDK HTTP sender is defined the same way, under the platform loader that sees java.net.http.
 *
 * <p>Pitfall, verified on JDK 17 with the agent jar on the bootstrap path: a lambda or method
 * reference fails to link, with {@code NoClassDefFoundError} for a client type, when its linkage
 * names an adapter class that extends or implements a client type (a Spring connector or request):
 * an instance lambda or method reference of such a class, or one that captures or takes such a
 * class. The bootstrap copy of the class, which cannot see the client, seems to be what answers.
 * Lambdas in such classes capture locals only; elsewhere such objects are held in a neutral
 * container (or typed as their client interface) before a lambda captures them.
 */
public final class AdapterClassLoader extends ClassLoader {

    static {
        registerAsParallelCapable();
    }

    static final String REACTIVE_SUPPORT = "io.llmfailover.agent.lifecycle.reactive";

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
        if (!definedHere(name)) {
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

    private boolean definedHere(String name) {
        return name.startsWith(adapterPackage) || name.startsWith(REACTIVE_SUPPORT + ".");
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
