#!/usr/bin/env bash
# Sign-in throughput: send-code + verify-code pairs per second and their p50 and p99, on SQLite and
# on PostgreSQL, against `launchgate serve` on loopback. Each pair is a new user: a new email
# address, from a new client address that the driver names in X-Forwarded-For, with the server
# behind it as a trusted proxy (--trusted-proxy 127.0.0.1), so every sign-in limit, per client
# included, runs at its default and counts each user, except the app-wide mail caps: the run sends
# more codes in a minute than their defaults allow an app in an hour, as a large app would raise
# them (--sign-in-app-mail-per-hour, --sign-in-app-network-sends-per-hour). The codes come from the log mail transport
# through a pipe (printing a message costs about what dropping it does, and the driver needs the
# code). The outbox, the rate-limit events and every other write are real.
#
#   scripts/bench/signin.sh [seconds] [connections]
#
# DATABASES="sqlite" (or "postgresql") runs one of the two; both by default.
# Uses $LAUNCHGATE_BIN when set, else builds the release binary. PostgreSQL is a throwaway cluster
# from scripts/with-postgres (installed from Debian's packages when missing; needs root).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
duration=${1:-10}
connections=${2:-16}

if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
else
  echo "building launchgate (release)..." >&2
  swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
  bin="$root/Server/.build/release/launchgate"
fi
export LAUNCHGATE_BIN=$bin

# run LABEL DATABASE_URL: one server, one driver run; prints the figures.
run() {
  local label=$1 url=$2 work port pid result
  work=$(mktemp -d /tmp/launchgate-signin-bench.XXXXXX)
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkfifo "$work/mail"
  LOG_LEVEL=warning "$bin" serve --demo --host 127.0.0.1 --port "$port" --database-url "$url" --master-key-file "$work/lg.key" \
    --mail-transport log --trusted-proxy 127.0.0.1 --sign-in-app-network-sends-per-hour 0 --sign-in-app-mail-per-hour 0 > "$work/mail" 2> "$work/serve.err" &
  pid=$!
  result=$(python3 "$root/scripts/bench/signin-driver.py" "http://127.0.0.1:$port" "$duration" "$connections" < "$work/mail" \
           || { echo "the driver failed; the server said:" >&2; cat "$work/serve.err" >&2; })
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
  rm -rf "$work"
  read -r rate p50 p99 errors <<<"$result"
  printf '%-12s %10s %8s %8s %7s\n' "$label" "$rate" "$p50" "$p99" "$errors"
}

printf '\nsend-code + verify-code pairs, %s s, %s connections, loopback, %s cores\n' "$duration" "$connections" "$(nproc)"
printf '%-12s %10s %8s %8s %7s\n' "database" "pairs/s" "p50 ms" "p99 ms" "errors"
databases=${DATABASES:-sqlite postgresql}
if [[ " $databases " == *" sqlite "* ]]; then
  sqlite_dir=$(mktemp -d /tmp/launchgate-signin-sqlite.XXXXXX)
  run sqlite "$sqlite_dir/bench.sqlite"
  rm -rf "$sqlite_dir"
fi
[[ " $databases " == *" postgresql "* ]] || exit 0
"$root/scripts/with-postgres" bash -c "$(declare -f run); root='$root' bin='$bin' duration='$duration' connections='$connections'; "'run postgresql "$LAUNCHGATE_TEST_POSTGRES_URL"'
