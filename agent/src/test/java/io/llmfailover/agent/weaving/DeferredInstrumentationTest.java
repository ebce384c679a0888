package io.llmfailover.agent.weaving;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.llmfailover.agent.client.jetty.JettyInstrumentation;
import io.llmfailover.agent.client.reactornetty.ReactorNettyInstrumentation;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DeferredInstrumentationTest {

    private static final byte[] ORIGINAL = {1, 2, 3};
    private static final byte[] TRANSFORMED = {4, 5, 6};

    private final AtomicInteger builds = new AtomicInteger();
    private final ClassFileTransformer clientTransformer = new ClassFileTransformer() {
        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> redefined,
                ProtectionDomain domain, byte[] bytes) {
            return TRANSFORMED;
        }
    };

    private final List<String> clientsInUse = new ArrayList<>();
    private final ClassLoader appLoader = new ClassLoader(null) {};

    private final DeferredInstrumentation deferred = new DeferredInstrumentation(() -> {
        builds.incrementAndGet();
        return clientTransformer;
    }, (client, loader) -> clientsInUse.add(client.getClass().getSimpleName() + (loader == appLoader ? " from the app's loader" : "")));

    @Test
    void anAppThatLoadsNoClientNeverBuildsTheClientTransformer() throws Exception {
        assertNull(load("com/example/Hello"));
        assertNull(load("java/util/ArrayList"));
        assertNull(load(null)); // a hidden class has no name

        assertEquals(0, builds.get());
        assertEquals(List.of(), clientsInUse);
    }

    @Test
    void theClassAnAppLoadsAsItBuildsItsClientReportsThatClientInUseOnceBeforeItsFirstCall() throws Exception {
        assertNull(load("reactor/netty/http/client/HttpClient"), "an entry class is not woven");
        assertEquals(List.of("ReactorNettyInstrumentation from the app's loader"), clientsInUse,
                "Reactor Netty's hooked HttpClientFinalizer loads only with the first call: it is loaded ahead from HttpClient");
        assertEquals(0, builds.get(), "nothing is woven yet: the load ahead brings the hooked class through here");

        assertArrayEquals(TRANSFORMED, load("reactor/netty/http/client/HttpClientFinalizer"));
        assertNull(load("org/eclipse/jetty/client/HttpClient"));
        assertEquals(List.of("ReactorNettyInstrumentation from the app's loader", "JettyInstrumentation from the app's loader"),
                clientsInUse, "once per client");
        assertEquals(List.of(new ReactorNettyInstrumentation().entryTypeNames(), new JettyInstrumentation().entryTypeNames()),
                List.of(List.of("reactor.netty.http.client.HttpClient"), List.of("org.eclipse.jetty.client.HttpClient")));
    }

    @Test
    void aHookedClassReportsItsClientInUseToo() throws Exception {
        assertArrayEquals(TRANSFORMED, load("io/micronaut/http/client/netty/DefaultHttpClient"));
        assertArrayEquals(TRANSFORMED, load("io/micronaut/http/client/netty/DefaultHttpClient$1"));

        assertEquals(List.of("MicronautInstrumentation from the app's loader"), clientsInUse,
                "the client's other hooked classes are loaded ahead from its first");
    }

    /** Casts to HttpURLConnection, as an app that calls a provider with it does. */
    static final class UrlConnectionCaller {
        static int call(java.net.URL url) throws java.io.IOException {
            return ((java.net.HttpURLConnection) url.openConnection()).getResponseCode();
        }
    }

    @Test
    void anAppClassThatNamesHttpUrlConnectionReportsItInUseBeforeTheJdkLoadsItsOwnClasses() throws Exception {
        byte[] caller = classFileOf(UrlConnectionCaller.class);
        assertNull(deferred.transform(null, null, "sun/net/www/protocol/http/Handler", null, null, caller),
                "the JDK's own classes name it without the app using it");
        assertNull(deferred.transform(null, ClassLoader.getPlatformClassLoader(), "java/net/http/Example", null, null, caller));
        assertEquals(List.of(), clientsInUse);

        assertNull(deferred.transform(null, appLoader, "com/example/LlmClient", null, null, caller), "the app's class is not woven");
        assertNull(deferred.transform(null, appLoader, "com/example/OtherLlmClient", null, null, caller));
        assertArrayEquals(TRANSFORMED, load("sun/net/www/protocol/http/HttpURLConnection"));

        assertEquals(List.of("UrlConnectionInstrumentation from the app's loader"), clientsInUse, "once");
        assertEquals(1, builds.get(), "weaving waits for the hooked class");
    }

    @Test
    void anAppClassThatNamesNoClientReportsNothing() throws Exception {
        assertNull(deferred.transform(null, appLoader, "com/example/Hello", null, null, classFileOf(DeferredInstrumentationTest.class)));
        assertNull(deferred.transform(null, appLoader, "com/example/Garbage", null, null, ORIGINAL));

        assertEquals(List.of(), clientsInUse);
    }

    @Test
    void aRetransformedClassReportsNothing() throws Exception {
        deferred.transform(null, appLoader, "reactor/netty/http/client/HttpClient", Object.class, null, ORIGINAL);

        assertEquals(List.of(), clientsInUse, "a late attach is the installer's to handle");
    }

    @Test
    void aReportThatFailsLeavesTheClassAsTheTransformerMakesIt() throws Exception {
        DeferredInstrumentation failingReport = new DeferredInstrumentation(() -> clientTransformer, (client, loader) -> {
            throw new IllegalStateException("no thread today");
        });

        assertArrayEquals(TRANSFORMED, failingReport.transform(null, appLoader, "okhttp3/OkHttpClient$Builder", null, null, ORIGINAL));
    }

    @Test
    void theFirstClientClassBuildsItOnceAndEveryClientClassGoesThroughIt() throws Exception {
        assertArrayEquals(TRANSFORMED, load("okhttp3/OkHttpClient$Builder"));
        assertArrayEquals(TRANSFORMED, load("jdk/internal/net/http/HttpClientImpl"));
        assertNull(load("com/example/Hello"));

        assertEquals(1, builds.get());
    }

    @Test
    void onlyAHookedClassBuildsTheTransformer() throws Exception {
        assertNull(load("jdk/internal/net/http/HttpClientBuilderImpl"));
        assertNull(load("okhttp3/Request"));
        assertNull(load("sun/net/www/protocol/http/Handler"));
        assertNull(load("org/springframework/web/servlet/DispatcherServlet"));

        assertEquals(0, builds.get(), "none of these classes is hooked, so Byte Buddy is not set up");

        assertArrayEquals(TRANSFORMED, load("jdk/internal/net/http/HttpClientImpl"));
        assertEquals(1, builds.get());
    }

    @Test
    void aTransformerThatCannotBeBuiltLeavesTheClientsUntouched() throws Exception {
        DeferredInstrumentation broken = new DeferredInstrumentation(() -> {
            throw new IllegalStateException("no Byte Buddy today");
        }, (client, loader) -> {});

        assertNull(broken.transform(null, null, "okhttp3/OkHttpClient$Builder", null, null, ORIGINAL));
        assertNull(broken.transform(null, null, "jdk/internal/net/http/HttpClientImpl", null, null, ORIGINAL));
    }

    private static byte[] classFileOf(Class<?> type) throws java.io.IOException {
        try (java.io.InputStream in = type.getClassLoader().getResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    private byte[] load(String className) throws Exception {
        return deferred.transform(null, appLoader, className, null, null, ORIGINAL);
    }
}
