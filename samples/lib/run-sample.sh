#!/usr/bin/env bash
# Shared by samples/run-*-sample.sh: starts the stub providers (samples' StubProviders) on loopback,
# runs one unmodified sample app with the llm-failover agent attached, then prints what the stubs saw.
#
#   samples/lib/run-sample.sh <primary protocol: openai|anthropic> <app main class> <agent config file>
#
# The caller exports the app's own environment (base URL, key) and BACKUP_API_KEY.
# JAVA=/path/to/bin/java picks the JVM; AGENT_JAR=/path/to/llm-failover-agent.jar another agent build.
# INSTANCES=2 runs the app that many times, one instance after the other; REDIS_PORT=16379 starts a
# redis-server on that loopback port first, for fleet mode, and stops it at the end.
set -euo pipefail

primary_protocol="$1"
app_main="$2"
config="$3"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"

agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
java="${JAVA:-java}"
primary_port=18081
backup_port=18082

if [ ! -f "$agent_jar" ] || [ ! -d samples/target/classes ] || [ ! -d samples/target/lib ]; then
  echo "Building the agent and the samples (./mvnw -q -DskipTests package) ..."
  if [ -x ./mvnw ]; then ./mvnw -q -DskipTests package; else mvn -q -DskipTests package; fi
fi
if [ ! -f "$agent_jar" ]; then
  echo "The build did not produce $agent_jar; the agent module is not ready yet." >&2
  exit 1
fi

classpath="samples/target/classes:samples/target/lib/*"
stub_log="$(mktemp)"
cleanup() {
  # Waits for the stubs to end, so that the next sample finds their ports free.
  if [ -n "${stub_pid:-}" ]; then kill "$stub_pid" 2>/dev/null && wait "$stub_pid" 2>/dev/null || true; fi
  if [ -n "${redis_pid:-}" ]; then kill "$redis_pid" 2>/dev/null && wait "$redis_pid" 2>/dev/null || true; fi
  rm -f "$stub_log"
}
trap cleanup EXIT

if [ -n "${REDIS_PORT:-}" ]; then
  command -v redis-server >/dev/null || { echo "Fleet mode's sample needs redis-server (apt-get install redis-server)." >&2; exit 1; }
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save "" --appendonly no >/dev/null 2>&1 &
  redis_pid=$!
  echo "=== Redis on 127.0.0.1:${REDIS_PORT}, shared by the instances"
fi

"$java" -cp "$classpath" io.llmfailover.samples.stubs.StubProviders "$primary_protocol" "$primary_port" "$backup_port" \
  >"$stub_log" 2>&1 &
stub_pid=$!
for _ in $(seq 1 100); do
  grep -q '^READY' "$stub_log" && break
  kill -0 "$stub_pid" 2>/dev/null || { cat "$stub_log" >&2; exit 1; }
  sleep 0.1
done
grep -q '^READY' "$stub_log" || { echo "The stub providers did not start:" >&2; cat "$stub_log" >&2; exit 1; }

app_status=0
for instance in $(seq 1 "${INSTANCES:-1}"); do
  echo "=== The app (${app_main##*.samples.}${INSTANCES:+, instance $instance}), addressing the primary on 127.0.0.1:${primary_port}, with the agent attached"
  "$java" "-javaagent:${agent_jar}=config=${root}/${config}" -cp "$classpath" "$app_main" || app_status=$?
done

echo
echo "=== What the stub providers saw"
grep -v '^READY' "$stub_log"
exit "$app_status"
