#!/usr/bin/env bash
# A/B of two or more launchgate builds on the policy read (the hot path): every binary serves the demo app
# at once (recording off, as issue 8 measures), and short wrk runs with the SDK's real request
# (sdk-request.lua) alternate between them, so a slow minute on a shared machine hits each build
# alike. Prints, per binary, the medians of its server's user and system CPU time per request
# and of its requests per second. Every other limit runs at its default, behind wrk as a trusted
# proxy (--trusted-proxy 127.0.0.1) naming each install's address in X-Forwarded-For.
#
#   scripts/bench/compare.sh 200|304 ROUNDS BINARY...
#
# Loopback; wrk runs on CPU 0 and the servers on CPU 1 (taskset). $DURATION sets each run's
# seconds (default 4). Installs wrk from Debian's packages when missing (needs root).
set -euo pipefail
mode=${1:?200 or 304}; rounds=${2:?rounds}; shift 2
[ $# -ge 1 ] || { echo "give at least one launchgate binary" >&2; exit 64; }
[ "$mode" = 200 ] || [ "$mode" = 304 ] || { echo "mode is 200 or 304, not $mode" >&2; exit 64; }
root="$(cd "$(dirname "$0")/../.." && pwd)"
lua="$root/scripts/bench/sdk-request.lua"
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
duration=${DURATION:-4}
hz=$(getconf CLK_TCK)
work=$(mktemp -d /tmp/launchgate-compare.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
path="/v1/apps/demo/policy?platform=ios"
bins=("$@"); ports=(); etags=()
for i in "${!bins[@]}"; do
  port=$(free_port)
  LAUNCHGATE_DATABASE_URL="$work/db$i.sqlite" LOG_LEVEL=warning taskset -c 1 "${bins[$i]}" serve --demo --host 127.0.0.1 \
    --port "$port" --no-record-installs --trusted-proxy 127.0.0.1 > "$work/serve$i.log" 2>&1 &
  pids+=($!); ports+=("$port")
done
for i in "${!bins[@]}"; do
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:${ports[$i]}/healthz" >/dev/null && break; sleep 0.1; done
  etag=""
  if [ "$mode" = 304 ]; then
    etag=$(curl -s -D - -o /dev/null "http://127.0.0.1:${ports[$i]}$path" | tr -d '\r' | awk 'tolower($1) == "etag:" { print $2 }')
  fi
  etags+=("$etag")
  # Warm-up: the first request goes through the router, which prepares the answer for the hot path.
  LG_BENCH_ETAG="$etag" taskset -c 0 wrk -t1 -c64 -d2s -s "$lua" "http://127.0.0.1:${ports[$i]}$path" >/dev/null
done
for _ in $(seq 1 "$rounds"); do
  for i in "${!bins[@]}"; do
    pid=${pids[$i]}
    read -r u1 s1 < <(awk '{ print $14, $15 }' "/proc/$pid/stat")
    out=$(LG_BENCH_ETAG="${etags[$i]}" taskset -c 0 wrk -t1 -c64 -d"${duration}s" -s "$lua" "http://127.0.0.1:${ports[$i]}$path")
    read -r u2 s2 < <(awk '{ print $14, $15 }' "/proc/$pid/stat")
    requests=$(echo "$out" | awk '/ requests in / { print $1 }')
    echo "$i $((u2 - u1)) $((s2 - s1)) $requests" >> "$work/results"
  done
done
python3 - "$work/results" "$hz" "$duration" "${bins[@]}" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
hz, duration, binaries = int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:]
print(f"{'binary':40} {'user us':>8} {'sys us':>8} {'total us':>9} {'req/s':>9}")
for index, binary in enumerate(binaries):
    runs = [(int(u), int(s), int(r)) for i, u, s, r in rows if int(i) == index]
    user = statistics.median(u * 1e6 / hz / r for u, _, r in runs)
    system = statistics.median(s * 1e6 / hz / r for _, s, r in runs)
    total = statistics.median((u + s) * 1e6 / hz / r for u, s, r in runs)
    rate = statistics.median(r / duration for _, _, r in runs)
    print(f"{binary[-40:]:40} {user:8.2f} {system:8.2f} {total:9.2f} {rate:9.0f}")
PY
