package io.llmfailover.runtime.telemetry.otel;

import io.opentelemetry.api.common.Attributes;

/** A span event noted while the call ran, written with its span later. */
record RecordedEvent(String name, long nanoTime, Attributes attributes) {}
