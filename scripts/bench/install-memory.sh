#!/usr/bin/env bash
# Records many distinct installs through a running `launchgate serve` and prints its memory.
#
#   scripts/bench/install-memory.sh [installs] [duration-seconds] [connections] [rate]
#                                                  (defaults: 1000000 100 64 16000)
#
# wrk sends the SDK's policy request (sdk-request.lua) with `installs` distinct install IDs, each
# from its own address in X-Forwarded-For behind wrk as a trusted proxy (so every per-client limit
# runs at its default and counts one client per install) and once per cycle, at most `rate`
# requests a second for `duration` seconds (each connection waits connections/rate between its
# requests, so the rate reached is lower; the defaults send every ID at least once); meanwhile the
# server's resident memory is sampled every half second. The rate is bounded because a real app's
# installs arrive over hours, not in a burst faster than storage writes: offered faster than the
# fold writes, sightings are dropped by design (counted; `rate` 0 sends as fast as answered, to see
# that). Prints the peak (VmHWM), how many distinct installs storage holds afterwards, and how many
# sightings were written, dropped because the buffer was full, or capped by a quota (/metrics).
# The target is a peak under 128 MB. Uses $LAUNCHGATE_BIN when set, else builds the release binary.
set -euo pipefail
installs=${1:-1000000}
duration=${2:-100}
connections=${3:-64}
rate=${4:-16000}
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
else
  echo "building launchgate (release)..." >&2
  swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
  bin="$root/Server/.build/release/launchgate"
fi
command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; }
work=$(mktemp -d /tmp/launchgate-memory-bench.XXXXXX)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export LAUNCHGATE_DATABASE_URL="$work/bench.sqlite"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# The defaults users run: every per-client budget, quota, part of the buffer and share of
# connections stays on. wrk is the proxy in front (--trusted-proxy) and sdk-request.lua names each
# install's own address in X-Forwarded-For, so the server counts one client per install, not one.
LOG_LEVEL=warning "$bin" serve --demo --host 127.0.0.1 --port "$port" --trusted-proxy 127.0.0.1 > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
rss() { awk '$1 == "VmRSS:" { print $2 }' "/proc/$server/status"; }
echo "idle: $(( $(rss) / 1024 )) MB resident"
( peak=0; while kill -0 "$server" 2>/dev/null; do r=$(rss 2>/dev/null || echo 0); [ "${r:-0}" -gt "$peak" ] && peak=$r && echo "$peak" > "$work/peak"; sleep 0.5; done ) &
sampler=$!
echo "offering $( [ "$rate" = 0 ] && echo "as many requests a second as answered" || echo "$rate requests a second") over $connections connections for ${duration} s, $installs distinct installs"
LG_BENCH_INSTALLS=$installs LG_BENCH_RATE=$rate LG_BENCH_CONNECTIONS=$connections LG_BENCH_PATH="/v1/apps/demo/policy?platform=ios" \
  wrk -t1 -c"$connections" -d"${duration}s" -s "$root/scripts/bench/sdk-request.lua" "http://127.0.0.1:$port/" > "$work/wrk.txt"
grep -E "Requests/sec|requests in" "$work/wrk.txt"
sent=$(awk '/requests in/ { print $1 }' "$work/wrk.txt")
sleep 4   # one more fold
# /metrics asks for an admin token: the one --demo printed.
token=$(sed -n 's/.*Admin token (shown once, stored hashed): \([^ ]*\).*/\1/p' "$work/serve.log" | head -1)
metrics=$(curl -s -H "Authorization: Bearer $token" "http://127.0.0.1:$port/metrics")
kill "$sampler" 2>/dev/null || true
hwm=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$server/status")
echo "resident memory: peak sampled $(( $(cat "$work/peak") / 1024 )) MB, kernel high-water mark (VmHWM) $(( hwm / 1024 )) MB"
dropped=$(awk '$1 == "launchgate_install_sightings_dropped_total" { print $2 + 0 }' <<<"$metrics")
echo "sightings written: $(awk '$1 == "launchgate_install_sightings_recorded_total" { print $2 }' <<<"$metrics"), dropped (buffer full): ${dropped:-0}"
capped=$(awk '/^launchgate_install_sightings_capped_total/ { printf "%s%s %s", sep, $1, $2; sep = ", " }' <<<"$metrics" \
         | sed 's/launchgate_install_sightings_capped_total//g')
echo "sightings capped by a quota: ${capped:-none}"
summary=$("$bin" adoption demo --days 1 | head -1)
echo "distinct installs stored: $summary"
# A run that lost installs measured something else: say so and fail.
stored=$(sed -n 's/.*: \([0-9]*\) installs active.*/\1/p' <<<"$summary")
if [ "${sent:-0}" -lt "$installs" ]; then
  echo "FAIL: wrk sent only ${sent:-0} requests, fewer than the $installs installs: the load generator, not the server, fell short; run longer" >&2
  exit 1
fi
if [ "${stored:-0}" -lt "$installs" ] || [ "${dropped:-0}" != 0 ]; then
  echo "FAIL: stored ${stored:-0} of $installs installs, dropped ${dropped:-0} sightings" >&2
  exit 1
fi
