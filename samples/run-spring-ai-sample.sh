#!/usr/bin/env bash
# Runs the unmodified Spring AI sample app (spring-ai-openai, blocking and streaming) with the
# llm-failover agent attached, against two stub providers on loopback (primary fails on purpose,
# backup answers); shows who served each call.
#
#   samples/run-spring-ai-sample.sh       (from anywhere; builds first if needed)
set -euo pipefail

# Demo keys only: the stubs compare against them to show whose key each request carried.
export OPENAI_BASE_URL="http://127.0.0.1:18081"
export OPENAI_API_KEY="sk-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"

exec "$(dirname "${BASH_SOURCE[0]}")/lib/run-sample.sh" openai io.llmfailover.samples.springai.ChatApp \
  samples/spring-ai/llm-failover.properties
