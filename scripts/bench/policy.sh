#!/usr/bin/env bash
# Load test of the policy hot path: wrk against `launchgate serve` and against nginx serving the
# same exported file, on this machine, in one run, for 200 and for 304 (If-None-Match).
# Prints requests/s, p50, p99 and the servers' CPU time per request for each, and launchgate's
# ratio to nginx: the median of the per-round ratios, each round running both back to back.
#
#   scripts/bench/policy.sh [duration-seconds] [connections] [rounds]
#
# Each case runs `rounds` times (default 5), alternating which server goes first, and medians are
# reported, because a 2-core machine shared with wrk is noisy from run to run.
#
# Loopback only. Installs wrk and nginx from Debian's packages when missing (needs root).
#
# PIN=1 runs wrk on CPU 0 and both servers on CPU 1 (taskset), so neither server competes with
# wrk for a core; figures are steadier from run to run, and the servers are still on equal terms.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
duration=${1:-10}
pin_server=(); pin_client=()
if [ "${PIN:-0}" = 1 ]; then pin_server=(taskset -c 1); pin_client=(taskset -c 0); fi
connections=${2:-64}
rounds=${3:-5}

for tool in wrk nginx; do
  if ! command -v "$tool" >/dev/null && ! [ -x "/usr/sbin/$tool" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
  fi
done
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

echo "building launchgate (release)..." >&2
swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
bin="$root/Server/.build/release/launchgate"

work=$(mktemp -d /tmp/launchgate-bench.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

export LAUNCHGATE_DATABASE_URL="$work/bench.sqlite"
lg_port=$(free_port)
LOG_LEVEL=warning "${pin_server[@]}" "$bin" serve --demo --host 127.0.0.1 --port "$lg_port" > "$work/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$lg_port/healthz" >/dev/null && break; sleep 0.1; done
"$bin" export --out "$work/site" >/dev/null
# nginx's workers drop root privileges: they must be able to read the exported files.
chmod 755 "$work"; chmod -R a+rX "$work/site"

ng_port=$(free_port)
cat > "$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { application/json json; }
  server {
    listen 127.0.0.1:$ng_port;
    root $work/site;
    etag on;
  }
}
CONF
"${pin_server[@]}" "$nginx_bin" -c "$work/nginx.conf" -e "$work/nginx-error.log" &
pids+=($!)
for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$ng_port/demo/ios/policy.json" >/dev/null && break; sleep 0.1; done

lg_url="http://127.0.0.1:$lg_port/v1/apps/demo/policy?platform=ios"
ng_url="http://127.0.0.1:$ng_port/demo/ios/policy.json"
etag_of() { curl -s -D - -o /dev/null "$1" | tr -d '\r' | awk 'tolower($1) == "etag:" { print $2 }'; }
lg_etag=$(etag_of "$lg_url")
ng_etag=$(etag_of "$ng_url")
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $lg_etag" "$lg_url")" = 304 ] || { echo "launchgate did not answer 304" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $ng_etag" "$ng_url")" = 304 ] || { echo "nginx did not answer 304" >&2; exit 1; }
echo "body: launchgate $(curl -s "$lg_url" | wc -c) bytes, nginx $(curl -s "$ng_url" | wc -c) bytes (same document)" >&2

# cpu_ticks PID...: user + system clock ticks used so far by those processes' threads.
cpu_ticks() {
  local total=0 pid task stat
  for pid in "$@"; do
    for task in /proc/"$pid"/task/*/stat; do
      read -r -a stat < "$task" 2>/dev/null || continue
      total=$((total + stat[13] + stat[14]))
    done
  done
  echo "$total"
}

# run URL HEADER PID...: prints "req/s p50 p99 errors cpu-us/req" (latencies in ms; CPU time the
# server's processes used per request, which varies less than req/s on a shared machine).
run() {
  local url=$1 header=$2; shift 2
  local args=(-t1 -c"$connections" -d"${duration}s" --latency)
  [ -n "$header" ] && args+=(-H "$header")
  "${pin_client[@]}" wrk "${args[@]}" -d2s "$url" >/dev/null 2>&1 || true   # warm-up
  local before after
  before=$(cpu_ticks "$@")
  local out
  out=$("${pin_client[@]}" wrk "${args[@]}" "$url")
  after=$(cpu_ticks "$@")
  echo "$out" | awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
    / requests in / { total = $1 }
    / Non-2xx or 3xx responses:/ { errors = $NF }
    END { printf "%.0f %.3f %.3f %s %.2f\n", rps, p50, p99, (errors == "" ? 0 : errors), ticks * 1e6 / hz / total }'
}

# median VALUES...: the middle value (the lower one of the two middles for an even count).
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
# field N LINES...: the Nth field of each line.
field() { local n=$1; shift; printf '%s\n' "$@" | awk -v n="$n" '{ print $n }'; }

# The servers' processes, whose CPU time is measured: launchgate, and nginx's master and workers.
lg_pids=("${pids[0]}")
ng_pids=("${pids[1]}" $(pgrep -P "${pids[1]}"))

printf '\nwrk -t1 -c%s -d%ss, loopback, %s cores%s; medians of %s rounds, alternating which server goes first\n' \
  "$connections" "$duration" "$(nproc)" "$([ "${PIN:-0}" = 1 ] && echo ', wrk pinned to CPU 0 and servers to CPU 1')" "$rounds"
printf '%-16s %9s %8s %8s %12s %9s\n' "case" "req/s" "p50 ms" "p99 ms" "CPU us/req" "vs nginx"
for status in 200 304; do
  header=""; ng_header=""
  if [ "$status" = 304 ]; then header="If-None-Match: $lg_etag"; ng_header="If-None-Match: $ng_etag"; fi
  ng_runs=(); lg_runs=(); ratios=()
  for round in $(seq 1 "$rounds"); do
    if [ $((round % 2)) = 1 ]; then
      ng=$(run "$ng_url" "$ng_header" "${ng_pids[@]}"); lg=$(run "$lg_url" "$header" "${lg_pids[@]}")
    else
      lg=$(run "$lg_url" "$header" "${lg_pids[@]}"); ng=$(run "$ng_url" "$ng_header" "${ng_pids[@]}")
    fi
    ng_runs+=("$ng"); lg_runs+=("$lg")
    # Each round's pair ran back to back, so its ratio cancels slower drifts in machine speed.
    ratios+=("$(python3 -c "print(${lg%% *} / ${ng%% *})")")
  done
  for name in nginx launchgate; do
    if [ "$name" = nginx ]; then runs=("${ng_runs[@]}"); ratio="1.00x"; else runs=("${lg_runs[@]}"); ratio=$(printf '%.2fx' "$(median "${ratios[@]}")"); fi
    printf '%-16s %9s %8s %8s %12s %9s\n' "$name $status" "$(median $(field 1 "${runs[@]}"))" "$(median $(field 2 "${runs[@]}"))" \
      "$(median $(field 3 "${runs[@]}"))" "$(median $(field 5 "${runs[@]}"))" "$ratio"
    errors=$(field 4 "${runs[@]}" | awk '{ s += $1 } END { print s + 0 }')
    [ "$errors" = 0 ] || echo "  note: $errors non-2xx/3xx answers from $name"
  done
done
