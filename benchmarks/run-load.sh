#!/usr/bin/env bash
# The end-to-end benchmark of the agent's targets (issues 15 and 39), side by side with no agent, with the
# OpenTelemetry Java agent alone (the peer) and with ours, in one run of about eight minutes: it starts and
# stops everything it needs, prints every target with its figure and "met" / "not met", and rewrites the
# results block of BENCHMARKS.md.
#
#   ./mvnw -q -DskipTests package && benchmarks/run-load.sh
#   JAVA=/path/to/bin/java benchmarks/run-load.sh     (the apps' JDK, e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java)
#   benchmarks/run-load.sh --quick                    (a smoke run of a minute or so: short blocks, one start-up run)
#   benchmarks/run-load.sh --profile target/jfr       (also a JFR recording of each load app: plain.jfr, agent.jfr,
#                                                      agent-otel-off.jfr, otel.jfr; `jfr print --events jdk.ExecutionSample`)
#
# What runs: a collector (OTLP/HTTP sink) in its own JVM, loopback stub providers answering at once in this
# script's JVM, and four long-lived app JVMs (no agent; the agent, exporting to the collector; the agent with
# otel.sdk.disabled = true; the OpenTelemetry Java agent 2.21.0 exporting its HTTP client spans to the same
# collector) driven in alternating blocks. Then hello-world start-ups (the JDK client, and the OpenAI SDK on
# OkHttp) and JMH's GatewayBenchmark.
#
# Options (after the script name):
#   --quick                      short everything (for a smoke run; the figures mean little)
#   --latency-seconds N          measured time per client of the one-call-at-a-time latency phase (30)
#   --block-calls N              calls per block of the one-at-a-time phases (500)
#   --warmup-seconds N           warm-up of each one-at-a-time phase, not kept (5)
#   --throughput-seconds N       measured time of the throughput phase (45)
#   --throughput-block-ms N      length of one throughput block (3000)
#   --callers N                  callers of the throughput phase (16)
#   --failover-seconds N         measured time per client of the failover phase (15)
#   --stream-seconds N           measured time of each streaming phase (8)
#   --startup-runs N             hello-world runs each way, per variant (5)
#   --delay-ms N                 how long the stubs take to answer a success (0)
#   --profile DIR                leave a JFR recording of each load app in DIR (plain, agent, agent-otel-off, otel)
#   --code-cache-flushing true   let the load apps flush cold compiled code, JDK 17's default (off: every app
#                                idles between its blocks, and JDK 17's sweeper would flush its code to be compiled
#                                again; see Arm.loadAppOptions)
#   --out FILE                   the file whose results block is rewritten (BENCHMARKS.md)
# Longer runs, for a quiet machine: --latency-seconds 120 --throughput-seconds 120 --failover-seconds 60.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
classes="$root/benchmarks/target/classes"
app_libs="$root/benchmarks/target/app-libs"
sdk_libs="$root/benchmarks/target/sdk-libs"
otel_agent="$root/benchmarks/target/otel-agent/opentelemetry-javaagent.jar"
jmh_jar="$root/benchmarks/target/benchmarks.jar"
java="${JAVA:-java}"

if [ ! -f "$agent_jar" ] || [ ! -f "$classes/io/llmfailover/benchmarks/load/LoadBenchmark.class" ] \
    || [ ! -d "$app_libs" ] || [ ! -d "$sdk_libs" ] || [ ! -f "$otel_agent" ] || [ ! -f "$jmh_jar" ]; then
  echo "Building the agent and the benchmarks (./mvnw -q -DskipTests package) ..."
  ./mvnw -q -DskipTests package
fi

# The benchmark's JVM runs the stubs; the apps it starts run on its classes plus OkHttp (no runtime class).
exec "$java" -cp "$classes" io.llmfailover.benchmarks.load.LoadBenchmark \
  --java "$(command -v "$java")" --agent "$agent_jar" --app-libs "$app_libs" --sdk-libs "$sdk_libs" \
  --otel-agent "$otel_agent" --jmh-jar "$jmh_jar" \
  --out BENCHMARKS.md "$@"
