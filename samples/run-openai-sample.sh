#!/usr/bin/env bash
# Runs the unmodified OpenAI SDK sample app with the llm-failover agent attached, against two stub
# providers on loopback (primary fails on purpose, backup answers), and shows who served each call.
#
#   samples/run-openai-sample.sh          (from anywhere; builds first if needed)
#   JAVA=/path/to/bin/java AGENT_JAR=/path/to/llm-failover-agent.jar samples/run-openai-sample.sh
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

agent_jar="${AGENT_JAR:-agent/target/llm-failover-agent.jar}"
config="samples/openai-sdk/llm-failover.properties"
java="${JAVA:-java}"
primary_port=18081
backup_port=18082

if [ ! -f "$agent_jar" ] || [ ! -d samples/target/classes ] || [ ! -d samples/target/lib ]; then
  echo "Building the agent and the sample (mvn -q -DskipTests package) ..."
  if [ -x ./mvnw ]; then ./mvnw -q -DskipTests package; else mvn -q -DskipTests package; fi
fi
if [ ! -f "$agent_jar" ]; then
  echo "The build did not produce $agent_jar; the agent module is not ready yet." >&2
  exit 1
fi

classpath="samples/target/classes:samples/target/lib/*"
stub_log="$(mktemp)"
cleanup() {
  [ -n "${stub_pid:-}" ] && kill "$stub_pid" 2>/dev/null || true
  rm -f "$stub_log"
}
trap cleanup EXIT

# Demo keys only: the stubs compare against them to show whose key each request carried.
export OPENAI_BASE_URL="http://127.0.0.1:${primary_port}/v1"
export OPENAI_API_KEY="sk-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"

"$java" -cp "$classpath" io.llmfailover.samples.openai.StubProviders "$primary_port" "$backup_port" >"$stub_log" 2>&1 &
stub_pid=$!
for _ in $(seq 1 100); do
  grep -q '^READY' "$stub_log" && break
  kill -0 "$stub_pid" 2>/dev/null || { cat "$stub_log" >&2; exit 1; }
  sleep 0.1
done
grep -q '^READY' "$stub_log" || { echo "The stub providers did not start:" >&2; cat "$stub_log" >&2; exit 1; }

echo "=== The app (OpenAI SDK, addressing $OPENAI_BASE_URL), with the agent attached"
app_status=0
"$java" "-javaagent:${agent_jar}=config=${root}/${config}" -cp "$classpath" io.llmfailover.samples.openai.ChatApp \
  || app_status=$?

echo
echo "=== What the stub providers saw"
grep -v '^READY' "$stub_log"
exit "$app_status"
