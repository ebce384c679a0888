package io.llmfailover.agent.weaving;

import java.util.List;

/**
 * One HTTP client's folder, as the agent sees it: which classes are hooked, by exact name, and what
 * goes into their methods, either {@link Hook}s (woven with ASM alone, for a client whose hooks all
 * have their simple shapes) or Byte Buddy advice, whose code hands each call to the client's adapter
 * through {@link io.llmfailover.agent.bootstrap.ClientHooks}, naming it by string. Implementations
 * name client classes, hooks, advice and adapter classes by string only, so they load without the
 * client being present.
 *
 * <p>Each client's {@code XxxInstrumentation} is found by {@link ClientModules}: the build lists
 * every {@code io.llmfailover.agent.client.<name>.*Instrumentation} class as a service, so adding a client
 * touches nothing outside its folder.
 */
public interface ClientModule {

    /**
     * The client classes hooked, as binary names ({@code okhttp3.OkHttpClient$Builder}). Only these
     * are ever woven: no other class is parsed, matched or looked up in its hierarchy.
     */
    List<String> typeNames();

    /**
     * Classes, by exact name, that an app loads as it builds this client, when some of
     * {@link #typeNames()} load only inside its first call: as one loads, the hooked classes are
     * loaded ahead (see {@link HookedTypesAhead}). Any of {@link #typeNames()} does the same.
     */
    default List<String> entryTypeNames() {
        return List.of();
    }

    /**
     * JDK classes, by exact name, whose naming by an app's class says the app is about to use this
     * client: as such a class loads, the client is in use, as when one of {@link #entryTypeNames()}
     * loads. For a client of the JDK itself, whose own classes the app never loads before its call.
     */
    default List<String> referencedTypeNames() {
        return List.of();
    }

    /**
     * The advice for one of {@link #typeNames()}; asked as that class loads, so that the method
     * matchers (and Byte Buddy's classes behind them) are made only once a client is in use.
     */
    default List<MethodAdvice> adviceFor(String typeName) {
        return List.of();
    }

    /** The hooks for one of {@link #typeNames()}; when there are any, no advice is asked for. */
    default List<Hook> hooksFor(String typeName) {
        return List.of();
    }

    /**
     * Packages of the hooked classes' module whose private state the hooks read by reflection
     * ({@code sun.net.www.protocol.http}): opened to the hooks' module, and to nothing else, as a
     * hooked class of that module is woven.
     */
    default List<String> packagesOpenedToHooks() {
        return List.of();
    }
}
