package io.llmfailover.agent.bootstrap;

/**
 * One adapter instance per client class: the adapter is defined in an {@link AdapterClassLoader}
 * whose parent is the client class's own loader. A client whose adapter cannot be made is left
 * alone (null), and the reason is logged once.
 *
 * @param <T> the bootstrap interface the adapter implements
 */
final class AdapterValue<T> extends ClassValue<T> {

    private final Class<T> hookType;
    private final String adapterClass;

    /** @param adapterClass the adapter's binary name; its package is the one defined per client loader */
    AdapterValue(Class<T> hookType, String adapterClass) {
        this.hookType = hookType;
        this.adapterClass = adapterClass;
    }

    @Override
    protected T computeValue(Class<?> clientType) {
        try {
            String adapterPackage = adapterClass.substring(0, adapterClass.lastIndexOf('.'));
            ClassLoader loader = new AdapterClassLoader(clientType.getClassLoader(), adapterPackage);
            Class<?> adapter = Class.forName(adapterClass, true, loader);
            return hookType.cast(adapter.getConstructor().newInstance());
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            FailureLog.once("loading " + adapterClass + " for " + clientType.getName(), e);
            return null;
        }
    }
}
