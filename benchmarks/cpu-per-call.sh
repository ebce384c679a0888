#!/usr/bin/env bash
# Where a call's CPU goes, with and without the agent (issue 15): one app making calls one at a time to a
# loopback stub in another JVM, telemetry off, the two arms run in turn. Each run prints its CPU per call on
# the calling thread, in the whole JVM and in each group of threads. With --otel, a third arm runs: the
# agent exporting its telemetry to a collector (OtlpSink) in a JVM of its own, whose CPU is printed too
# (the exporter sends on the batch span processor's thread). With --perf,
# the measured part of each run is also recorded by Linux perf, Java frames named (-XX:+PreserveFramePointer,
# a perf map at exit):
#
#   ./mvnw -q -DskipTests package && benchmarks/cpu-per-call.sh --client okhttp --rounds 3
#   benchmarks/cpu-per-call.sh --client jdk --perf target/perf
#   perf report -i target/perf/agent-jdk-1.perf --comms java --children --sort sym
#
# With --failover, every call meets a 503 first: the agent fails over to a backup (a breaker that never
# opens), the app without it retries the backup itself.
#
# Options: --client jdk|okhttp (jdk), --rounds N (3), --warm N (40000), --calls N (40000), --otel, --failover,
# --perf DIR.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
java="${JAVA:-java}"
client=jdk; rounds=3; warm=40000; calls=40000; perf_dir=""; otel=no; failover=no
while [ $# -gt 0 ]; do
  case "$1" in
    --client) client="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warm) warm="$2"; shift 2 ;;
    --calls) calls="$2"; shift 2 ;;
    --perf) perf_dir="$2"; shift 2 ;;
    --otel) otel=yes; shift ;;
    --failover) failover=yes; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
class_path="$root/benchmarks/target/classes:$(ls "$root"/benchmarks/target/app-libs/*.jar | tr '\n' ':')"
work="$(mktemp -d)"
sink_pid=""
trap 'kill "$stub_pid" $sink_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$work"' EXIT

"$java" -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu stub "$work/url" >/dev/null 2>&1 &
stub_pid=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url="$(sed -n 1p "$work/url")"
printf 'provider.happy.url = %s\nprovider.happy.protocol = openai\n' "$url" > "$work/agent-otel.properties"
backup_option=()
if [ "$failover" = yes ]; then
  url="$(sed -n 2p "$work/url")"
  backup_option=(-Dbackup="$(sed -n 3p "$work/url")")
  printf '%s\n' "provider.flaky.url = $url" "provider.flaky.protocol = openai" \
    "provider.backup.url = $(sed -n 3p "$work/url")" "provider.backup.protocol = openai" \
    "provider.backup.api-key = sk-cpu-backup-key" "route.flaky.match = flaky" "route.flaky.chain = flaky, backup" \
    "breaker.consecutive-failures = 0" "breaker.minimum-calls = 1000000000" >> "$work/agent-otel.properties"
fi
cp "$work/agent-otel.properties" "$work/agent.properties"
echo 'otel.sdk.disabled = true' >> "$work/agent.properties"
if [ "$otel" = yes ]; then
  # The sink exits when its standard input closes: this script holds the fifo open on descriptor 4.
  mkfifo "$work/sink.in"
  "$java" -cp "$class_path" io.llmfailover.benchmarks.load.OtlpSink < "$work/sink.in" > "$work/sink.out" 2>/dev/null &
  sink_pid=$!
  exec 4> "$work/sink.in"
  for _ in $(seq 1 100); do grep -q 'SINK port=' "$work/sink.out" 2>/dev/null && break; sleep 0.1; done
  printf 'otel.exporter.otlp.endpoint = http://127.0.0.1:%s\n' "$(sed -n 's/SINK port=//p' "$work/sink.out")" \
    >> "$work/agent-otel.properties"
fi

sink_cpu_ticks() { # user + system clock ticks of the collector so far, 0 when there is none
  if [ -n "$sink_pid" ]; then awk '{ print $14 + $15 }' "/proc/$sink_pid/stat"; else echo 0; fi
}

run() { # arm round
  local before; before=$(sink_cpu_ticks)
  measure "$@"
  if [ "$1" = agent-otel ]; then
    echo "           collector: $(( ($(sink_cpu_ticks) - before) * 1000000 / $(getconf CLK_TCK) / (warm + calls) )) us" \
      "of CPU per call made (warm-up included)"
  fi
}

measure() { # arm round
  local options=(-Darm="$1" "${backup_option[@]}")
  [ "$1" != plain ] && options+=("-javaagent:$agent_jar=config=$work/$1.properties")
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
"$java" "${backup_option[@]}" -cp "$class_path" io.llmfailover.benchmarks.load.CallCpu calls "$client" "$warm" "$calls" "$url" \
  >/dev/null 2>&1
for round in $(seq 1 "$rounds"); do
  run plain "$round"
  run agent "$round"
  if [ "$otel" = yes ]; then run agent-otel "$round"; fi
done
