package io.llmfailover.agent.client.restclient;

import io.llmfailover.agent.bootstrap.ClientHooks;
import net.bytebuddy.asm.Advice;
import org.springframework.http.client.ClientHttpRequestFactory;

/**
 * Advice inlined into Spring's RestClient and RestTemplate: each swaps the app's request factory
 * for the adapter's, which governs the calls it creates and leaves every other one to the app's.
 */
final class RestClientAdvice {

    private RestClientAdvice() {}

    /** {@code DefaultRestClient}'s constructor, given the factory its builder chose. */
    static final class OnRestClientCreated {
        private OnRestClientCreated() {}

        @Advice.OnMethodEnter
        static void enter(@Advice.Argument(value = 0, readOnly = false) ClientHttpRequestFactory factory) {
            factory = (ClientHttpRequestFactory) ClientHooks.call(RestClientInstrumentation.ADAPTER,
                    "governedRequestFactory", ClientHttpRequestFactory.class, new Object[] {factory}, factory);
        }
    }

    /** RestTemplate's default factory, set as {@code HttpAccessor} is constructed. */
    static final class OnAccessorCreated {
        private OnAccessorCreated() {}

        @Advice.OnMethodExit(suppress = Throwable.class)
        static void exit(@Advice.FieldValue(value = "requestFactory", readOnly = false) ClientHttpRequestFactory factory) {
            factory = (ClientHttpRequestFactory) ClientHooks.call(RestClientInstrumentation.ADAPTER,
                    "governedRequestFactory", ClientHttpRequestFactory.class, new Object[] {factory}, factory);
        }
    }

    /** A factory the app gives a RestTemplate. */
    static final class OnRequestFactorySet {
        private OnRequestFactorySet() {}

        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter(@Advice.Argument(value = 0, readOnly = false) ClientHttpRequestFactory factory) {
            factory = (ClientHttpRequestFactory) ClientHooks.call(RestClientInstrumentation.ADAPTER,
                    "governedRequestFactory", ClientHttpRequestFactory.class, new Object[] {factory}, factory);
        }
    }
}
