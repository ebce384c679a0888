package io.llmfailover.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
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

    private final DeferredInstrumentation deferred = new DeferredInstrumentation(() -> {
        builds.incrementAndGet();
        return clientTransformer;
    });

    @Test
    void anAppThatLoadsNoClientNeverBuildsTheClientTransformer() throws Exception {
        assertNull(load("com/example/Hello"));
        assertNull(load("java/util/ArrayList"));
        assertNull(load(null)); // a hidden class has no name

        assertEquals(0, builds.get());
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
        });

        assertNull(broken.transform(null, null, "okhttp3/OkHttpClient$Builder", null, null, ORIGINAL));
        assertNull(broken.transform(null, null, "jdk/internal/net/http/HttpClientImpl", null, null, ORIGINAL));
    }

    private byte[] load(String className) throws Exception {
        return deferred.transform(null, null, className, null, null, ORIGINAL);
    }
}
