package io.llmfailover.runtime.operations.faults;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seam is inert unless its property names a fault; the fault names are the e2e tests' vocabulary. */
class InjectedFaultTest {

    private static final URI ONE = URI.create("http://127.0.0.1:41001/v1/chat/completions");
    private static final URI OTHER = URI.create("http://127.0.0.1:41002/v1/chat/completions");

    @Test
    void withThePropertyUnsetNothingEverFires() {
        assertNull(System.getProperty(InjectedFault.PROPERTY), "this test JVM must not inject faults");
        for (InjectedFault fault : InjectedFault.values()) {
            assertDoesNotThrow(() -> fault.maybeThrow(ONE), fault.name());
        }
        assertDoesNotThrow(() -> InjectedFault.maybeThrowTranslating(ONE, true));
        assertDoesNotThrow(() -> InjectedFault.maybeThrowTranslating(ONE, false));
        SpanExporter exporter = SpanExporter.composite();
        assertSame(exporter, InjectedFault.maybeBlocking(exporter));
    }

    @Test
    void eachFaultIsNamedByItsPropertyValue() {
        assertEquals(Set.of(InjectedFault.TRANSLATOR), InjectedFault.parse("translator").keySet());
        assertEquals(Set.of(InjectedFault.FALLBACK_TRANSLATOR), InjectedFault.parse("translator-fallback").keySet());
        assertEquals(Set.of(InjectedFault.TELEMETRY), InjectedFault.parse(" Telemetry ").keySet());
        assertEquals(Set.of(InjectedFault.EXPORTER_BLOCK), InjectedFault.parse("exporter-block").keySet());
        assertEquals(Set.of(InjectedFault.BUFFERING), InjectedFault.parse("buffering").keySet());
        assertTrue(InjectedFault.parse("").isEmpty());
        assertTrue(InjectedFault.parse(null).isEmpty());
    }

    @Test
    void aFaultWithoutAnAuthorityFiresForEveryCall() {
        Map<InjectedFault, InjectedFault.Scope> injected = InjectedFault.parse("buffering");

        assertTrue(InjectedFault.BUFFERING.firesFor(injected, ONE));
        assertTrue(InjectedFault.BUFFERING.firesFor(injected, OTHER));
        assertFalse(InjectedFault.TRANSLATOR.firesFor(injected, ONE));
    }

    @Test
    void aFaultScopedToAnAuthorityFiresOnlyForCallsAddressedThere() {
        Map<InjectedFault, InjectedFault.Scope> injected =
                InjectedFault.parse("translator@127.0.0.1:41001, buffering@127.0.0.1:41002, exporter-block");

        assertTrue(InjectedFault.TRANSLATOR.firesFor(injected, ONE));
        assertFalse(InjectedFault.TRANSLATOR.firesFor(injected, OTHER));
        assertTrue(InjectedFault.BUFFERING.firesFor(injected, OTHER));
        assertFalse(InjectedFault.BUFFERING.firesFor(injected, ONE));
        assertFalse(InjectedFault.BUFFERING.firesFor(injected, null));
        assertTrue(injected.containsKey(InjectedFault.EXPORTER_BLOCK));
    }

    @Test
    void oneFaultNamedForTwoAuthoritiesFiresForBoth() {
        Map<InjectedFault, InjectedFault.Scope> injected =
                InjectedFault.parse("telemetry@127.0.0.1:41001,telemetry@127.0.0.1:41002");

        assertTrue(InjectedFault.TELEMETRY.firesFor(injected, ONE));
        assertTrue(InjectedFault.TELEMETRY.firesFor(injected, OTHER));
        assertFalse(InjectedFault.TELEMETRY.firesFor(injected, URI.create("http://127.0.0.1:41003/v1")));
    }

    @Test
    void anUnknownValueIsRefusedNamingTheProperty() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> InjectedFault.parse("buffering, translater@127.0.0.1:1"));
        assertTrue(refused.getMessage().contains(InjectedFault.PROPERTY + " = buffering, translater@127.0.0.1:1"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("'translater'"), refused.getMessage());
        assertThrows(IllegalArgumentException.class, () -> InjectedFault.parse("buffering@"));
    }
}
