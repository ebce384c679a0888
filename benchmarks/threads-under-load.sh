#!/usr/bin/env bash
# Where the CPU goes under load, thread by thread (issue 39): the load benchmark's four arms (no agent, ours,
# ours with telemetry off, the OpenTelemetry Java agent) under 16 closed-loop callers, in alternating blocks,
# each app's threads read from /proc around every block. Prints per arm its throughput and, per call, each
# group of threads' user and system CPU and voluntary / involuntary context switches (Linux only). About four
# minutes per client.
#
#   ./mvnw -q -DskipTests package && benchmarks/threads-under-load.sh --client okhttp
#
# Options: --client jdk|okhttp (jdk), --warmup-seconds N at least, more until the JIT settled (60),
# --throughput-seconds N measured (96: eight rounds of the four arms), --callers N (16), --throughput-block-ms N
# (3000), --code-cache-flushing true (JDK 17's default; off otherwise, see run-load.sh).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
java="${JAVA:-java}"
classes="$root/benchmarks/target/classes"
if [ ! -f "$agent_jar" ] || [ ! -f "$classes/io/llmfailover/benchmarks/load/ThreadsUnderLoad.class" ]; then
  echo "Building the agent and the benchmarks (./mvnw -q -DskipTests package) ..."
  ./mvnw -q -DskipTests package
fi
exec "$java" -cp "$classes" io.llmfailover.benchmarks.load.ThreadsUnderLoad \
  --java "$(command -v "$java")" --agent "$agent_jar" --app-libs "$root/benchmarks/target/app-libs" \
  --otel-agent "$root/benchmarks/target/otel-agent/opentelemetry-javaagent.jar" \
  --warmup-seconds 60 --throughput-seconds 96 "$@"
