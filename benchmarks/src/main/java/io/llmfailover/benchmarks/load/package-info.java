/**
 * The load run ({@code benchmarks/run-load.sh}): long-lived app JVMs without an agent, with ours and
 * with the OpenTelemetry Java agent, driven in alternating blocks against loopback stubs, start-up
 * runs, and the table of every target, met or not, written into BENCHMARKS.md.
 */
package io.llmfailover.benchmarks.load;
