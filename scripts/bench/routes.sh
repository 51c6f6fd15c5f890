#!/usr/bin/env bash
# Hummingbird's own path: what a request that is not a prepared read costs the server, one route
# per kind: a cheap GET (/healthz), a 404, a sign-in send-code (a new address each time, mail
# dropped) and an install ping (a new install each time, recorded). wrk with the requests apps
# send (routes.lua) against `launchgate serve --demo` on loopback; prints requests/s, p99 and the
# server's CPU time per request (user + system, from /proc/PID/stat), the figure that varies
# least on a shared machine.
#
#   scripts/bench/routes.sh [duration-seconds] [connections] [rounds]
#
# Every limit stays at the default users run, but the app-wide mail caps, which a sign-in route
# passes in its first seconds (a large app raises them: --sign-in-app-mail-per-hour). wrk is the proxy in front (--trusted-proxy
# 127.0.0.1, as nginx or a load balancer is) and routes.lua names a new client address in each
# request's X-Forwarded-For, as many apps' users would arrive, so the per-client limits count
# each client and every request does the route's real work, the limits' own included; an answer
# they refuse (a 429) is reported. Each route runs `rounds` times (default 3) and medians are printed.
# Uses $LAUNCHGATE_BIN when set, else builds the release binary. PIN=1 runs wrk on CPU 0 and the
# server on CPU 1. Installs wrk from Debian's packages when missing (needs root).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
duration=${1:-10}
connections=${2:-64}
rounds=${3:-3}
pin_server=(); pin_client=()
if [ "${PIN:-0}" = 1 ]; then pin_server=(taskset -c 1); pin_client=(taskset -c 0); fi
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
else
  echo "building launchgate (release)..." >&2
  swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
  bin="$root/Server/.build/release/launchgate"
fi

work=$(mktemp -d /tmp/launchgate-routes.XXXXXX)
pid=""
cleanup() { [ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
LAUNCHGATE_DATABASE_URL="$work/bench.sqlite" LOG_LEVEL=warning "${pin_server[@]}" "$bin" serve --demo --host 127.0.0.1 --port "$port" \
  --mail-transport none --trusted-proxy 127.0.0.1 --sign-in-app-network-sends-per-hour 0 --sign-in-app-mail-per-hour 0 > "$work/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$port/healthz" >/dev/null || { echo "the server did not start:" >&2; cat "$work/serve.log" >&2; exit 1; }

ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }

# run ROUTE: one wrk run; prints "req/s p99-ms cpu-us/req unexpected-statuses".
run() {
  local route=$1 before after out
  before=$(ticks)
  out=$(LG_ROUTE=$route "${pin_client[@]}" wrk -t1 -c"$connections" -d"${duration}s" --latency -s "$root/scripts/bench/routes.lua" "http://127.0.0.1:$port")
  after=$(ticks)
  echo "$out" | awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" -v route="$route" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 } / requests in / { total = $1 }
    / Non-2xx or 3xx responses:/ { bad = $NF }
    END { if (route == "missing") bad = 0; printf "%.0f %.3f %.2f %d\n", rps, p99, ticks * 1e6 / hz / total, bad }'
}
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

expect_status() {  # expect_status CODE ARGS...: one curl, so a misconfigured route fails loudly
  local want=$1; shift
  local got; got=$(curl -s -o /dev/null -w '%{http_code}' "$@")
  [ "$got" = "$want" ] || { echo "expected $want from curl $*, got $got" >&2; exit 1; }
}
expect_status 200 "http://127.0.0.1:$port/healthz"
expect_status 404 "http://127.0.0.1:$port/nope"
expect_status 200 -H 'Content-Type: application/json' -d '{"email": "check@example.com"}' "http://127.0.0.1:$port/api/auth/send-code"
expect_status 204 -X POST -H 'LaunchGate-Client: version="2.4.1", build="241", platform="ios", os="17.4.0", install="CHECK"' \
  "http://127.0.0.1:$port/v1/apps/demo/installs/ping"

printf '\nwrk -t1 -c%s -d%ss per route, loopback, %s cores%s; medians of %s rounds\n' "$connections" "$duration" "$(nproc)" \
  "$([ "${PIN:-0}" = 1 ] && echo ', wrk on CPU 0 and the server on CPU 1')" "$rounds"
printf '%-34s %9s %8s %12s\n' "route" "req/s" "p99 ms" "CPU us/req"
for route in healthz missing send-code ping; do
  LG_ROUTE=$route wrk -t1 -c"$connections" -d1s -s "$root/scripts/bench/routes.lua" "http://127.0.0.1:$port" >/dev/null 2>&1 || true
  results=()
  for _ in $(seq 1 "$rounds"); do results+=("$(run "$route")"); done
  label=$(case $route in healthz) echo "GET /healthz";; missing) echo "GET /nope (404)";; send-code) echo "POST /api/auth/send-code";;
          ping) echo "POST /v1/apps/demo/installs/ping";; esac)
  col() { local n=$1; printf '%s\n' "${results[@]}" | awk -v n="$n" '{ print $n }'; }
  printf '%-34s %9s %8s %12s\n' "$label" "$(median $(col 1))" "$(median $(col 2))" "$(median $(col 3))"
  bad=$(col 4 | awk '{ s += $1 } END { print s + 0 }')
  [ "$bad" = 0 ] || echo "  note: $bad answers with an unexpected status"
done
