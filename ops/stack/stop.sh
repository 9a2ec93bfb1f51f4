#!/usr/bin/env bash
# Stops the local stack that start.sh started: each process by the pid it recorded (checked to still
# be that program), with SIGTERM; the app instances drain first (SHUTDOWN_DRAIN_SECONDS, decision 131).
# Whatever has not ended after 30 s gets SIGKILL. Safe to run when nothing is running.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
STACK_DIR=${STACK_DIR:-$ROOT/.stack}
RUN="$STACK_DIR/run"

compgen -G "$RUN/*.pid" >/dev/null || {
  echo "[stack] not running"
  exit 0
}

# What each recorded process must still be running, so a pid reused by another program is left alone.
program_of() {
  case "$1" in
    app-*) echo 'apps/server/src/server.ts' ;;
    s3) echo 's3rver' ;;
    mail) echo 'mail-sink.ts' ;;
    *) echo "$1" ;;
  esac
}

# Sends SIGTERM to the processes of these pid files and waits for them (SIGKILL after 30 s).
stop_all() {
  local pidfile pid name pids=() alive=()
  for pidfile in "$@"; do
    [ -f "$pidfile" ] || continue
    read -r pid name <"$pidfile"
    rm -f "$pidfile"
    if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$(program_of "$name")"; then
      kill -TERM "$pid"
      pids+=("$pid")
      echo "[stack] stopping $name ($pid)"
    fi
  done
  for _ in $(seq 1 60); do
    alive=()
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive+=("$pid"); done
    [ ${#alive[@]} -eq 0 ] && return 0
    sleep 0.5
  done
  for pid in "${alive[@]}"; do
    echo "[stack] $pid did not stop in 30 s: SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
  done
}

# The app instances first: they drain and close their connections while the rest still runs.
stop_all "$RUN"/app-*.pid
stop_all "$RUN"/*.pid
echo "[stack] stopped"
