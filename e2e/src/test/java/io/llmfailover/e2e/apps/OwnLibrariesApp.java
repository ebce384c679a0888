package io.llmfailover.e2e.apps;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import java.util.Map;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.matcher.ElementMatchers;

/**
 * An app that brings its own Jackson, Byte Buddy and OpenTelemetry API, in other versions than the
 * agent bundles, uses each of them, reports which jar each came from, then makes its SDK calls.
 * Args: see {@link AppArgs}.
 */
public final class OwnLibrariesApp {

    public static void main(String[] args) throws Exception {
        AppArgs app = AppArgs.parse(args);
        useByteBuddy();
        useJackson();
        useOpenTelemetry();
        OpenAiSdkApp.run(app);
        Report.done();
    }

    private static void useByteBuddy() throws Exception {
        // A class-file version every JVM we run on accepts, whatever this Byte Buddy's newest known one is.
        Class<?> greeting = new ByteBuddy(ClassFileVersion.JAVA_V11)
                .subclass(Object.class)
                .method(ElementMatchers.named("toString"))
                .intercept(FixedValue.value("made by the app's byte buddy"))
                .make()
                .load(OwnLibrariesApp.class.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
                .getLoaded();
        Report.line("LIBRARY name=byte-buddy jar=" + jarOf(ByteBuddy.class) + " works="
                + greeting.getDeclaredConstructor().newInstance());
    }

    private static void useJackson() throws Exception {
        String json = new ObjectMapper().writeValueAsString(Map.of("made", "by the app's jackson"));
        Report.line("LIBRARY name=jackson-databind jar=" + jarOf(ObjectMapper.class) + " works=" + json);
    }

    private static void useOpenTelemetry() {
        Span span = GlobalOpenTelemetry.getTracer("own-libraries-app").spanBuilder("warm-up").startSpan();
        span.end();
        Report.line("LIBRARY name=opentelemetry-api jar=" + jarOf(GlobalOpenTelemetry.class) + " works="
                + (span.getSpanContext() != null));
    }

    private static String jarOf(Class<?> type) {
        var source = type.getProtectionDomain().getCodeSource();
        if (source == null) {
            return "bootstrap";
        }
        String path = source.getLocation().getPath();
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
