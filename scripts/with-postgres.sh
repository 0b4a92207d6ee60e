#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL cluster:
#
#   bash scripts/with-postgres.sh <command> [args...]
#
# initdb into a temporary directory, start the server on a free loopback port (unix socket in
# the same directory, trust authentication: nothing outside this machine can reach it), create
# one database, run the command with TEST_DATABASE_URL (and PG_TEST_PORT) set, then stop the
# server and remove the directory, whatever happens. Exits with the command's status.
#
# PostgreSQL refuses to run as root: when started as root, the server runs as the `postgres`
# system user; as any other user it runs as that user. The binaries are taken from PG_BIN, else
# the newest /usr/lib/postgresql/*/bin, else the PATH.
#
# Options through the environment: PG_BIN, PG_PORT (first port to try, default 55432),
# PG_DATABASE (default office_finance_test), PG_SERVER_OPTIONS (extra `postgres` options).
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

log() { echo "[with-postgres] $*" >&2; }

# --- binaries -------------------------------------------------------------------------------
pg_bin="${PG_BIN:-}"
if [[ -z "$pg_bin" ]]; then
  newest="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [[ -n "$newest" && -x "$newest/initdb" ]]; then
    pg_bin="$newest"
  elif command -v initdb >/dev/null 2>&1; then
    pg_bin="$(dirname "$(command -v initdb)")"
  fi
fi
if [[ -z "$pg_bin" || ! -x "$pg_bin/initdb" || ! -x "$pg_bin/pg_ctl" ]]; then
  log "PostgreSQL server binaries not found (set PG_BIN, or: apt-get install -y postgresql)"
  exit 1
fi

# --- who runs the server --------------------------------------------------------------------
as_server=""
server_user="$(id -un)"
if [[ "$(id -u)" -eq 0 ]]; then
  server_user=postgres
  if ! id postgres >/dev/null 2>&1; then
    log "running as root and there is no 'postgres' user to run the server as"
    exit 1
  fi
  if command -v runuser >/dev/null 2>&1; then as_server=runuser; else as_server=su; fi
fi
# Runs a server-side command as the server user, from a directory that user can read.
server() {
  case "$as_server" in
    runuser) (cd "$work" && runuser -u postgres -- "$@") ;;
    su) (cd "$work" && su postgres -s /bin/bash -c "$(printf '%q ' "$@")") ;;
    *) (cd "$work" && "$@") ;;
  esac
}

# --- cluster --------------------------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")"
chmod 700 "$work"
[[ "$server_user" != "$(id -un)" ]] && chown "$server_user" "$work"
data="$work/data"
started=""

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [[ -n "$started" ]]; then
    server "$pg_bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
  exit "$status"
}
child=""
# On INT/TERM: pass the signal on to the command, let it finish, then clean up.
on_signal() {
  if [[ -n "$child" ]]; then
    kill -s "$1" "$child" 2>/dev/null || true
    wait "$child" 2>/dev/null || true
  fi
  exit "$2"
}
trap cleanup EXIT
trap 'on_signal INT 130' INT
trap 'on_signal TERM 143' TERM

log "initdb ($pg_bin, server user: $server_user)"
if ! server "$pg_bin/initdb" -D "$data" -U postgres -A trust -E UTF8 --no-locale --no-sync \
  >"$work/initdb.log" 2>&1; then
  cat "$work/initdb.log" >&2
  log "initdb failed"
  exit 1
fi

# True when something already accepts connections on 127.0.0.1:$1.
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Durability off (fsync, synchronous commits, full pages): the cluster is thrown away. JIT off: a
# test's statements run once, on a few thousand rows, and LLVM's compiling of those planned above
# jit_above_cost cost more processor time than it saved (hostile-statements alone: 10.4 -> 2.7 s
# of the server's; over the whole PostgreSQL lane the saving is smaller than the machine's
# hour-to-hour drift).
port="${PG_PORT:-55432}"
for attempt in $(seq 1 20); do
  while port_busy "$port"; do port=$((port + 1)); done
  started=yes # from here on, cleanup stops whatever may have started
  if server "$pg_bin/pg_ctl" -D "$data" -l "$work/server.log" -w -t 60 \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c jit=off ${PG_SERVER_OPTIONS:-}" \
    start >/dev/null 2>&1; then
    break
  fi
  # Lost a race for the port (or another failure): show why once the attempts run out.
  if [[ "$attempt" -eq 20 ]]; then
    cat "$work/server.log" >&2 || true
    log "could not start the server"
    exit 1
  fi
  port=$((port + 1))
done

database="${PG_DATABASE:-office_finance_test}"
"$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$database"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/$database"
export PG_TEST_PORT="$port"
log "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, database $database"

# In the background (stdin kept) so that a signal reaches the trap at once.
"$@" <&0 &
child=$!
set +e
wait "$child"
status=$?
set -e
child=""
log "stopping the server (command exited with $status)"
exit "$status"
