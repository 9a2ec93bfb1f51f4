#!/usr/bin/env bash
# Restarts app instance N of the running local stack, as `systemctl restart pulsa@N` does on a server:
# SIGTERM (it drains, decision 131), wait until it has exited, start it again, wait until it is ready.
# Usage: bash ops/stack/restart.sh N
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/ops/stack"
STACK_DIR=${STACK_DIR:-$ROOT/.stack}
# shellcheck source=ops/stack/lib.sh
. "$HERE/lib.sh"

n=${1:?usage: restart.sh N}
pidfile="$RUN/app-$n.pid"
[ -f "$pidfile" ] || fail "instance $n is not running"
read -r pid _ <"$pidfile"
if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF 'apps/server/src/server.ts'; then
  kill -TERM "$pid"
  for _ in $(seq 1 120); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.25
  done
  kill -0 "$pid" 2>/dev/null && fail "instance $n did not exit within 30 s of SIGTERM"
fi
app "$n"
port=$(sed -n 's/^PORT=//p' "$STACK_DIR/pulsa-$n.env")
wait_for "app instance $n" 120 "app-$n" curl -sf "http://127.0.0.1:$port/api/health/ready"
say "instance $n restarted and ready"
