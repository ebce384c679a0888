#!/usr/bin/env bash
# Where a call's CPU goes, with and without the agent (issue 15): one app making calls one at a time to a
# loopback stub in another JVM, telemetry off, the two arms run in turn. Each run prints its CPU per call on
# the calling thread, in the whole JVM and in each group of threads. With --perf, the measured part of each
# run is also recorded by Linux perf, Java frames named (-XX:+PreserveFramePointer, a perf map at exit):
#
#   ./mvnw -q -DskipTests package && benchmarks/cpu-per-call.sh --client okhttp --rounds 3
#   benchmarks/cpu-per-call.sh --client jdk --perf target/perf
#   perf report -i target/perf/agent-jdk-1.perf --comms java --children --sort sym
#
# Options: --client jdk|okhttp (jdk), --rounds N (3), --warm N (40000), --calls N (40000), --perf DIR.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
java="${JAVA:-java}"
client=jdk; rounds=3; warm=40000; calls=40000; perf_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --client) client="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warm) warm="$2"; shift 2 ;;
    --calls) calls="$2"; shift 2 ;;
    --perf) perf_dir="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
class_path="$root/benchmarks/target/classes:$(ls "$root"/benchmarks/target/app-libs/*.jar | tr '\n' ':')"
work="$(mktemp -d)"
trap 'kill "$stub_pid" 2>/dev/null && wait "$stub_pid" 2>/dev/null; rm -rf "$work"' EXIT

"$java" -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu stub "$work/url" >/dev/null 2>&1 &
stub_pid=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(cat "$work/url")"
printf 'provider.happy.url = %s\nprovider.happy.protocol = openai\notel.sdk.disabled = true\n' "$url" > "$work/agent.properties"

run() { # arm round
  local options=(-Darm="$1")
  [ "$1" = agent ] && options+=("-javaagent:$agent_jar=config=$work/agent.properties")
  if [ -z "$perf_dir" ]; then
    "$java" "${options[@]}" -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu calls "$client" "$warm" "$calls" "$url" 2>/dev/null
    return
  fi
  mkdir -p "$perf_dir"
  rm -f "$work/ready"
  "$java" -XX:+PreserveFramePointer -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit "${options[@]}" \
    -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu calls "$client" "$warm" "$calls" "$url" "$work/ready" 2>/dev/null &
  local app=$!
  while [ ! -s "$work/ready" ]; do sleep 0.1; done
  perf record -q -F 1999 -g -p "$(cat "$work/ready")" -o "$perf_dir/$1-$client-$2.perf" -- sleep 8 2>/dev/null || true
  wait "$app"
}

# One run not kept: the stub's JVM compiles its own code during the first app's calls.
"$java" -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu calls "$client" "$warm" "$calls" "$url" >/dev/null 2>&1
for round in $(seq 1 "$rounds"); do
  run plain "$round"
  run agent "$round"
done
