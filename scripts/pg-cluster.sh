#!/usr/bin/env bash
# A throwaway PostgreSQL cluster in a temporary folder on a free port.
#   source scripts/pg-cluster.sh && pg_cluster_start   # exports TEST_DATABASE_URL; pg_cluster_stop when done
#   bash scripts/pg-cluster.sh                         # starts one, prints the URL, stops it on Ctrl-C
# initdb refuses root, so as root the cluster runs as the postgres user.

# shellcheck source=lib/throwaway.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/throwaway.sh"

PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"

_pg_as_owner() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_cluster_start() {
  if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "PostgreSQL server binaries not found (install them: apt-get install -y postgresql)" >&2
    return 1
  fi
  PG_DIR="$(mktemp -d /tmp/scholar-pg.XXXXXX)"
  [ "$(id -u)" = "0" ] && chown postgres:postgres "$PG_DIR"
  PG_PORT="$(throwaway_free_port)"
  _pg_as_owner "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 \
    || { cat "$PG_DIR/initdb.log" >&2; return 1; }
  _pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -t 60 \
    -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null || { cat "$PG_DIR/server.log" >&2; return 1; }
  _pg_as_owner "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres scholar
  export PG_DIR PG_PORT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/scholar"
  echo "PostgreSQL ready: $TEST_DATABASE_URL"
}

pg_cluster_stop() {
  if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR/data" ]; then
    _pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
  unset PG_DIR
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  throwaway_serve pg_cluster_start pg_cluster_stop
fi
