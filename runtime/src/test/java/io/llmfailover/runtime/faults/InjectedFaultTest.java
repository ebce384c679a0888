package io.llmfailover.runtime.faults;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

/** The seam is inert unless its property names a fault; the fault names are the e2e tests' vocabulary. */
class InjectedFaultTest {

    @Test
    void withThePropertyUnsetNothingEverFires() {
        assertNull(System.getProperty(InjectedFault.PROPERTY), "this test JVM must not inject faults");
        for (InjectedFault fault : InjectedFault.values()) {
            assertDoesNotThrow(fault::maybeThrow, fault.name());
        }
        assertDoesNotThrow(() -> InjectedFault.maybeThrowTranslating(true));
        assertDoesNotThrow(() -> InjectedFault.maybeThrowTranslating(false));
        SpanExporter exporter = SpanExporter.composite();
        assertSame(exporter, InjectedFault.maybeBlocking(exporter));
    }

    @Test
    void eachFaultIsNamedByItsPropertyValue() {
        assertEquals(InjectedFault.TRANSLATOR, InjectedFault.named("translator"));
        assertEquals(InjectedFault.FALLBACK_TRANSLATOR, InjectedFault.named("translator-fallback"));
        assertEquals(InjectedFault.TELEMETRY, InjectedFault.named(" Telemetry "));
        assertEquals(InjectedFault.EXPORTER_BLOCK, InjectedFault.named("exporter-block"));
        assertEquals(InjectedFault.BUFFERING, InjectedFault.named("buffering"));
        assertNull(InjectedFault.named(""));
        assertNull(InjectedFault.named(null));
    }

    @Test
    void anUnknownValueIsRefusedNamingTheProperty() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> InjectedFault.named("translater"));
        assertTrue(refused.getMessage().contains(InjectedFault.PROPERTY + " = translater"), refused.getMessage());
    }
}
