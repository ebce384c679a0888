#!/usr/bin/env bash
# Fleet mode: two instances of the unmodified OpenAI SDK sample app, one after the other, share one
# Redis. The first meets the failing primary (a 429, then 503s until its breaker opens); the second
# starts with the primary already silenced and its breaker open, and never sends it a request.
#
#   samples/run-fleet-sample.sh          (needs redis-server; builds first if needed)
set -euo pipefail

# Demo keys only: the stubs compare against them to show whose key each request carried.
export OPENAI_BASE_URL="http://127.0.0.1:18081/v1"
export OPENAI_API_KEY="sk-sample-app-key"
export BACKUP_API_KEY="sk-sample-backup-key"
export INSTANCES=2
export REDIS_PORT=16379

exec "$(dirname "${BASH_SOURCE[0]}")/lib/run-sample.sh" openai io.llmfailover.samples.openai.ChatApp \
  samples/fleet/llm-failover.properties
