# What start.sh and restart.sh share: paths under STACK_DIR and how a process of the stack is started.
# Sourced with ROOT and STACK_DIR set.
RUN="$STACK_DIR/run"
LOGS="$STACK_DIR/logs"
NODE="$ROOT/node_modules/.bin/node"

say() { printf '[stack] %s\n' "$*"; }
fail() {
  printf '[stack] %s\n' "$*" >&2
  exit 1
}

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# As root, every process of the stack runs as the unprivileged `pulsa` user (install.sh makes it).
AS_USER=()
if [ "$(id -u)" -eq 0 ]; then AS_USER=(setpriv --reuid=pulsa --regid=pulsa --init-groups --); fi

# Runs a command in its own session, as the stack's user, logging to logs/NAME.log (appended, so a
# restarted instance keeps its earlier lines); its pid (the same process after the execs) and name go
# to run/NAME.pid for stop.sh.
launch() {
  local name=$1
  shift
  (exec setsid "${AS_USER[@]}" "$@") >>"$LOGS/$name.log" 2>&1 </dev/null &
  echo "$! $name" >"$RUN/$name.pid"
}

wait_for() {
  local what=$1 seconds=$2 log=$3
  shift 3
  for _ in $(seq 1 "$((seconds * 2))"); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  say "$what did not come up in ${seconds}s; the end of its log:"
  tail -n 30 "$LOGS/$log.log" >&2 || true
  return 1
}

# App instance N, with the shared environment and its own (pulsa.env, pulsa-N.env).
app() {
  local n=$1
  launch "app-$n" env -i PATH="$PATH" LANG=C.UTF-8 bash -c "set -a; . '$STACK_DIR/pulsa.env'; . '$STACK_DIR/pulsa-$n.env'; set +a; cd '$ROOT'; exec '$NODE' apps/server/src/server.ts"
}
