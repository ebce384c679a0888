package io.llmfailover.agent.bootstrap;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.llmfailover.runtime.contract.LlmRequest;
import org.junit.jupiter.api.Test;

class AdapterClassLoaderTest {

    private final ClassLoader parent = getClass().getClassLoader();
    private final AdapterClassLoader loader = new AdapterClassLoader(parent, "io.llmfailover.agent.client.okhttp");

    @Test
    void definesTheAdapterPackageItselfEvenWhenTheParentCouldLoadIt() throws Exception {
        Class<?> own = loader.loadClass("io.llmfailover.agent.client.okhttp.OkHttpAdapter");

        assertSame(loader, own.getClassLoader());
        assertNotSame(parent.loadClass("io.llmfailover.agent.client.okhttp.OkHttpAdapter"), own);
    }

    @Test
    void everythingElseComesFromTheParentSoTheRuntimeAndClientTypesAreShared() throws Exception {
        assertSame(LlmRequest.class, loader.loadClass(LlmRequest.class.getName()));
        assertSame(okhttp3.Interceptor.class, loader.loadClass("okhttp3.Interceptor"));
    }

    @Test
    void theAdapterItDefinesWorksAgainstTheParentsClientTypes() throws Exception {
        Object adapter = Class.forName("io.llmfailover.agent.client.okhttp.OkHttpAdapter", true, loader)
                .getConstructor().newInstance();

        okhttp3.OkHttpClient.Builder builder = new okhttp3.OkHttpClient.Builder();
        ((OkHttpHook) adapter).decorate(builder);

        assertSame(loader, builder.interceptors().get(0).getClass().getClassLoader());
    }

    @Test
    void aClassMissingFromTheAgentJarIsNotFound() {
        assertThrows(ClassNotFoundException.class, () -> loader.loadClass("io.llmfailover.agent.client.okhttp.NoSuchAdapter"));
    }
}
