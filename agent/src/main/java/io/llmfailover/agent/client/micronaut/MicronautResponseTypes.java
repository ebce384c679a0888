package io.llmfailover.agent.client.micronaut;

import io.llmfailover.agent.bootstrap.FailureLog;
import io.micronaut.core.convert.ConversionService;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.body.MessageBodyHandlerRegistry;
import io.micronaut.http.client.netty.FullNettyClientHttpResponse;
import io.micronaut.http.netty.stream.StreamedHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Micronaut's own response classes, made through their package-private constructors: the ones the
 * client hands its callers, so a relayed answer is decoded, and streamed, exactly as the client's
 * own. Both constructors are the same from 4.0 to 4.10.
 */
final class MicronautResponseTypes {

    private static final String STREAMED = "io.micronaut.http.client.netty.NettyStreamedHttpResponse";

    /** Null when this Micronaut's classes are not the ones known here, or cannot be opened (a named module). */
    static final MicronautResponseTypes INSTANCE = load();

    private final MethodHandle full;
    private final MethodHandle streamed;

    private MicronautResponseTypes(MethodHandle full, MethodHandle streamed) {
        this.full = full;
        this.streamed = streamed;
    }

    private static MicronautResponseTypes load() {
        try {
            MethodHandles.Lookup client = MethodHandles.privateLookupIn(FullNettyClientHttpResponse.class, MethodHandles.lookup());
            MethodHandle full = client.findConstructor(FullNettyClientHttpResponse.class, MethodType.methodType(void.class,
                    FullHttpResponse.class, MessageBodyHandlerRegistry.class, Argument.class, boolean.class, ConversionService.class));
            Class<?> streamedType = Class.forName(STREAMED, false, FullNettyClientHttpResponse.class.getClassLoader());
            MethodHandle streamed = client.findConstructor(streamedType,
                    MethodType.methodType(void.class, StreamedHttpResponse.class, ConversionService.class));
            return new MicronautResponseTypes(full, streamed);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            FailureLog.once("Micronaut response types (its calls are left ungoverned)", e);
            return null;
        }
    }

    /** Micronaut's decoded response: the body converted to {@code bodyType} when {@code convertBody}. */
    HttpResponse<?> full(FullHttpResponse response, MessageBodyHandlerRegistry handlers, Argument<?> bodyType,
            boolean convertBody, ConversionService conversions) {
        try {
            return (HttpResponse<?>) full.invoke(response, handlers, bodyType, convertBody, conversions);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        } finally {
            response.release(); // the response copied the body
        }
    }

    /** Micronaut's streamed response, which its {@code dataStream}, {@code exchangeStream} and {@code jsonStream} read. */
    HttpResponse<?> streamed(StreamedHttpResponse response, ConversionService conversions) {
        try {
            return (HttpResponse<?>) streamed.invoke(response, conversions);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
