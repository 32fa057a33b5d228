#!/usr/bin/env bash
# A throwaway Redis in a temporary folder on a free port, keeping nothing on disk.
#   source scripts/redis-server.sh && redis_start   # exports TEST_REDIS_URL; redis_stop when done
#   bash scripts/redis-server.sh                    # starts one, prints the URL, stops it on Ctrl-C

# shellcheck source=lib/throwaway.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/throwaway.sh"

REDIS_SERVER="${REDIS_SERVER:-$(command -v redis-server)}"

redis_start() {
  if [ -z "$REDIS_SERVER" ] || [ ! -x "$REDIS_SERVER" ]; then
    echo "redis-server not found (install it: apt-get install -y redis-server)" >&2
    return 1
  fi
  REDIS_DIR="$(mktemp -d /tmp/scholar-redis.XXXXXX)"
  REDIS_PORT="$(throwaway_free_port)"
  "$REDIS_SERVER" --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$REDIS_DIR" --save '' --appendonly no \
    --daemonize yes --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log" \
    || { cat "$REDIS_DIR/redis.log" >&2 2>/dev/null; return 1; }
  # Ready when it answers PING (redis-cli may be missing: ask with a bare socket).
  local tries=0
  until node -e "
    const s = require('net').connect($REDIS_PORT, '127.0.0.1', () => s.write('PING\r\n'));
    s.on('data', (d) => process.exit(String(d).startsWith('+PONG') ? 0 : 1));
    s.on('error', () => process.exit(1));
  " 2>/dev/null; do
    tries=$((tries + 1))
    if [ "$tries" -ge 100 ]; then
      echo "Redis did not start:" >&2
      cat "$REDIS_DIR/redis.log" >&2
      return 1
    fi
    sleep 0.1
  done
  export REDIS_DIR REDIS_PORT
  export TEST_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
  echo "Redis ready: $TEST_REDIS_URL"
}

redis_stop() {
  if [ -n "${REDIS_DIR:-}" ] && [ -d "$REDIS_DIR" ]; then
    if [ -f "$REDIS_DIR/redis.pid" ]; then
      local pid
      pid="$(cat "$REDIS_DIR/redis.pid")"
      kill "$pid" 2>/dev/null || true
      # Gone before the folder is: it writes nothing (--save '') but may still hold its log open.
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$REDIS_DIR"
  fi
  unset REDIS_DIR REDIS_PORT TEST_REDIS_URL
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  throwaway_serve redis_start redis_stop
fi
