#!/usr/bin/env bash
# Load test of the policy hot path: wrk against `launchgate serve` and against nginx serving the
# same exported file, on this machine, in one run, for 200 and for 304 (If-None-Match).
# Prints requests/s, p50 and p99 for each, and launchgate's ratio to nginx.
#
#   scripts/bench/policy.sh [duration-seconds] [connections] [rounds]
#
# Each case runs `rounds` times (default 3), nginx and launchgate interleaved, and the median
# round is reported, because a 2-core machine shared with wrk is noisy from run to run.
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
rounds=${3:-3}

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

# run NAME URL [HEADER]: prints "req/s p50 p99" (latencies in ms).
run() {
  local args=(-t1 -c"$connections" -d"${duration}s" --latency)
  [ -n "${3:-}" ] && args+=(-H "$3")
  "${pin_client[@]}" wrk "${args[@]}" -d2s "$2" >/dev/null 2>&1 || true   # warm-up
  "${pin_client[@]}" wrk "${args[@]}" "$2" | awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
    / Non-2xx or 3xx responses:/ { errors = $NF }
    END { printf "%.0f %.3f %.3f %s\n", rps, p50, p99, (errors == "" ? 0 : errors) }'
}

# median LINES...: the line whose req/s (first field) is the median.
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }

printf '\nwrk -t1 -c%s -d%ss, loopback, %s cores%s, median of %s interleaved rounds\n' "$connections" "$duration" "$(nproc)" \
  "$([ "${PIN:-0}" = 1 ] && echo ', wrk pinned to CPU 0 and servers to CPU 1')" "$rounds"
printf '%-24s %10s %10s %10s %8s\n' "case" "req/s" "p50 ms" "p99 ms" "vs nginx"
for status in 200 304; do
  header=""; ng_header=""
  if [ "$status" = 304 ]; then header="If-None-Match: $lg_etag"; ng_header="If-None-Match: $ng_etag"; fi
  ng_runs=(); lg_runs=()
  for _ in $(seq 1 "$rounds"); do
    ng_runs+=("$(run nginx "$ng_url" "$ng_header")")
    lg_runs+=("$(run launchgate "$lg_url" "$header")")
  done
  read -r ng_rps ng_p50 ng_p99 ng_err <<<"$(median "${ng_runs[@]}")"
  read -r lg_rps lg_p50 lg_p99 lg_err <<<"$(median "${lg_runs[@]}")"
  ratio=$(python3 -c "print(f'{$lg_rps / $ng_rps:.2f}x')")
  printf '%-24s %10s %10s %10s %8s\n' "nginx $status" "$ng_rps" "$ng_p50" "$ng_p99" "1.00x"
  printf '%-24s %10s %10s %10s %8s\n' "launchgate $status" "$lg_rps" "$lg_p50" "$lg_p99" "$ratio"
  [ "$ng_err$lg_err" = 00 ] || echo "  note: non-2xx/3xx answers: nginx $ng_err, launchgate $lg_err"
done
