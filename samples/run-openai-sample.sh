#!/usr/bin/env bash
# Runs the unmodified OpenAI SDK sample app with the llm-failover agent attached, against two stub
# providers on loopback (primary fails on purpose, backup answers), and shows who served each call.
#
#   samples/run-openai-sample.sh          (from anywhere; builds first if needed)
#   JAVA=/path/to/bin/java AGENT_JAR=/path/to/llm-failover-agent.jar samples/run-openai-sample.sh
set -euo pipefail

# Demo keys only: the stubs compare against them to show whose key each request carried.
export OPENAI_BASE_URL="http://127.0.0.1:18081/v1"
export OPENAI_API_KEY="sk-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"

exec "$(dirname "${BASH_SOURCE[0]}")/lib/run-sample.sh" openai io.llmfailover.samples.openai.ChatApp \
  samples/openai-sdk/llm-failover.properties
