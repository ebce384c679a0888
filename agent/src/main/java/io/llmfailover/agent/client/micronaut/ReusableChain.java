package io.llmfailover.agent.client.micronaut;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.filter.ClientFilterChain;
import java.lang.reflect.Field;
import org.reactivestreams.Publisher;

/**
 * The filter chain below the agent's filter, proceeded once per attempt. The chain Micronaut gives
 * a filter keeps the context of its last {@code proceed}, and refuses another request once that
 * context holds a response (a streamed head whose content never came, say): each attempt starts
 * again from the context the chain had when the filter ran, kept in the chain's private field.
 */
final class ReusableChain {

    private static final ClassValue<Field> CONTEXT = new ClassValue<>() {
        @Override
        protected Field computeValue(Class<?> chainType) {
            try {
                Field context = chainType.getDeclaredField("filterContext");
                context.setAccessible(true);
                return context;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    };

    private final ClientFilterChain chain;
    private final Field context;
    private final Object start;

    private ReusableChain(ClientFilterChain chain, Field context, Object start) {
        this.chain = chain;
        this.context = context;
        this.start = start;
    }

    /** The chain as it is before any {@code proceed}; null when it is not the one known here. */
    static ReusableChain of(ClientFilterChain chain) {
        Field context = CONTEXT.get(chain.getClass());
        if (context == null) {
            return null;
        }
        try {
            return new ReusableChain(chain, context, context.get(chain));
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    Publisher<? extends HttpResponse<?>> proceed(MutableHttpRequest<?> request) {
        try {
            context.set(chain, start);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("the filter chain's context cannot be set again", e);
        }
        return chain.proceed(request);
    }
}
