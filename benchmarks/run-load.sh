#!/usr/bin/env bash
# The end-to-end load benchmark: the same JDK HttpClient workload (64 callers) without and with the
# agent, against loopback stub providers, then a hello-world app's start-up and memory. Prints the
# results and writes them into BENCHMARKS.md. Takes about three minutes; starts and stops all it needs.
#
#   ./mvnw -q -DskipTests package && benchmarks/run-load.sh
#   JAVA=/path/to/bin/java benchmarks/run-load.sh --seconds 15      (the apps' JVM; longer phases)
#
# Options after the script name go to the benchmark: --seconds N (measured per phase, default 8),
# --callers N (64), --delay-ms N (provider answer time, 2), --think-ms N (20), --startup-runs N (5),
# --out FILE (BENCHMARKS.md).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
classes="$root/benchmarks/target/classes"
java="${JAVA:-java}"

if [ ! -f "$agent_jar" ] || [ ! -f "$classes/io/llmfailover/benchmarks/load/LoadBenchmark.class" ]; then
  echo "Building the agent and the benchmarks (./mvnw -q -DskipTests package) ..."
  ./mvnw -q -DskipTests package
fi

# The apps run on the benchmark's own classes only (JDK HttpClient, no runtime class), like any app.
exec "$java" -cp "$classes" io.llmfailover.benchmarks.load.LoadBenchmark \
  --java "$(command -v "$java")" --agent "$agent_jar" --out BENCHMARKS.md "$@"
