#!/usr/bin/env bash
# Runs the unmodified LangChain4j sample app (langchain4j-open-ai) with the llm-failover agent attached,
# against two stub providers on loopback (primary fails on purpose, backup answers); shows who served
# each call.
#
#   samples/run-langchain4j-sample.sh     (from anywhere; builds first if needed)
set -euo pipefail

# Demo keys only: the stubs compare against them to show whose key each request carried.
export OPENAI_BASE_URL="http://127.0.0.1:18081/v1"
export OPENAI_API_KEY="sk-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"

exec "$(dirname "${BASH_SOURCE[0]}")/lib/run-sample.sh" openai io.llmfailover.samples.langchain4j.ChatApp \
  samples/langchain4j/llm-failover.properties
