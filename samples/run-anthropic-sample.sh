#!/usr/bin/env bash
# Runs the unmodified Anthropic SDK sample app with the llm-failover agent attached: its Anthropic
# primary answers 529 (overloaded) on purpose, and the agent serves each call from an OpenAI-compatible
# backup, translating the protocol both ways; shows who served each call.
#
#   samples/run-anthropic-sample.sh       (from anywhere; builds first if needed)
set -euo pipefail

# Demo keys only: the stubs compare against them to show whose key each request carried.
export ANTHROPIC_BASE_URL="http://127.0.0.1:18081"
export ANTHROPIC_API_KEY="sk-ant-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"

exec "$(dirname "${BASH_SOURCE[0]}")/lib/run-sample.sh" anthropic io.llmfailover.samples.anthropic.ChatApp \
  samples/anthropic-sdk/llm-failover.properties
