# Shared by policy.sh, check.sh and tracing.sh: sourced, never run.
#
# Starts `launchgate serve --demo` (release build, or $LAUNCHGATE_BIN) and nginx serving the same
# exported files on loopback, and gives `run`, which drives wrk with the SDK's real request
# (sdk-request.lua). Expects $duration, $connections and $rounds to be set. With
# bench_servers=none set before sourcing, it starts no server (tracing.sh starts its own, with
# wait_healthy) and gives the rest alike.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
lua="$root/scripts/bench/sdk-request.lua"
pin_server=(); pin_client=()
if [ "${PIN:-0}" = 1 ]; then pin_server=(taskset -c 1); pin_client=(taskset -c 0); fi

tools=(wrk); [ "${bench_servers:-standard}" = none ] || tools+=(nginx)
for tool in "${tools[@]}"; do
  if ! command -v "$tool" >/dev/null && ! [ -x "/usr/sbin/$tool" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
  fi
done

if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
else
  echo "building launchgate (release)..." >&2
  swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
  bin="$root/Server/.build/release/launchgate"
fi

work=$(mktemp -d /tmp/launchgate-bench.XXXXXX)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# wait_healthy PORT: waits up to 10 s for launchgate's /healthz on 127.0.0.1:PORT.
wait_healthy() { for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return 0; sleep 0.1; done; return 1; }

if [ "${bench_servers:-standard}" != none ]; then
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

export LAUNCHGATE_DATABASE_URL="$work/bench.sqlite"
lg_port=$(free_port)
# The defaults users run: every per-client budget, quota, part of the intake buffer and share of
# connections stays on. wrk is the proxy in front (--trusted-proxy, as nginx or a load balancer
# is), and sdk-request.lua names each install's own address in X-Forwarded-For, so the server
# counts 100,000 clients, not one.
LOG_LEVEL=warning "${pin_server[@]}" "$bin" serve --demo --host 127.0.0.1 --port "$lg_port" --trusted-proxy 127.0.0.1 > "$work/serve.log" 2>&1 &
pids+=($!)
wait_healthy "$lg_port" || true
# /metrics asks for an admin token: the one --demo printed.
lg_token=$(sed -n 's/.*Admin token (shown once, stored hashed): \([^ ]*\).*/\1/p' "$work/serve.log" | head -1)
# A second instance on the same database with install recording off: policy.sh's baseline.
lg_off_port=$(free_port)
LOG_LEVEL=warning "${pin_server[@]}" "$bin" serve --host 127.0.0.1 --port "$lg_off_port" --trusted-proxy 127.0.0.1 --no-record-installs \
  > "$work/serve-off.log" 2>&1 &
pids+=($!)
wait_healthy "$lg_off_port" || true
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

lg_base="http://127.0.0.1:$lg_port"
lg_off_base="http://127.0.0.1:$lg_off_port"
ng_base="http://127.0.0.1:$ng_port"
# The servers' processes, whose CPU time is measured: launchgate, and nginx's master and workers.
lg_pids=("${pids[0]}")
lg_off_pids=("${pids[1]}")
ng_pids=("${pids[2]}" $(pgrep -P "${pids[2]}"))
fi  # bench_servers

etag_of() { curl -s -D - -o /dev/null "$1" | tr -d '\r' | awk 'tolower($1) == "etag:" { print $2 }'; }

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

# run BASE PATH MODE ETAG PID...: wrk with the SDK's requests (sdk-request.lua, or the script in
# $bench_lua) on BASE, with LG_BENCH_PATH=PATH, LG_BENCH_MODE=MODE and, when not empty,
# If-None-Match: ETAG. Prints "req/s p50 p99 errors cpu-us/req requests" (latencies in ms; CPU
# time the server's processes used per request, which varies less than req/s on a shared machine;
# the requests the measured run sent, warm-up left out).
run() {
  local url=$1 path=$2 mode=$3 etag=$4; shift 4
  local args=(-t1 -c"$connections" --latency -s "${bench_lua:-$lua}")
  export LG_BENCH_PATH=$path LG_BENCH_MODE=$mode LG_BENCH_ETAG=$etag
  "${pin_client[@]}" wrk "${args[@]}" -d2s "$url" >/dev/null 2>&1 || true   # warm-up
  local before after
  before=$(cpu_ticks "$@")
  local out
  out=$("${pin_client[@]}" wrk "${args[@]}" -d"${duration}s" "$url")
  after=$(cpu_ticks "$@")
  echo "$out" | awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
    / requests in / { total = $1 }
    / Non-2xx or 3xx responses:/ { errors = $NF }
    /Socket errors:/ { gsub(",", ""); socket = $4 + $6 + $8 + $10 }
    END { printf "%.0f %.3f %.3f %s %.2f %d\n", rps, p50, p99, (errors == "" ? 0 : errors) + socket, ticks * 1e6 / hz / total, total }'
}

# median VALUES...: the middle value (the lower one of the two middles for an even count).
median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
# field N LINES...: the Nth field of each line.
field() { local n=$1; shift; printf '%s\n' "$@" | awk -v n="$n" '{ print $n }'; }


# compare LABEL LG_PATH NG_PATH MODE LG_ETAG NG_ETAG: runs nginx, launchgate (install recording on,
# the default) and launchgate with recording off `rounds` times, rotating which goes first, and
# prints the medians, each launchgate's median per-round ratio to nginx, and the median per-round
# ratio of recording on to off.
compare() {
  local label=$1 lg_path=$2 ng_path=$3 mode=$4 lg_etag=$5 ng_etag=$6
  local ng_runs=() lg_runs=() off_runs=() ratios=() off_ratios=() on_off=() round ng lg off name runs ratio errors step
  for round in $(seq 1 "$rounds"); do
    for step in 0 1 2; do
      case $(( (round + step) % 3 )) in
        0) ng=$(run "$ng_base" "$ng_path" "$mode" "$ng_etag" "${ng_pids[@]}") ;;
        1) lg=$(run "$lg_base" "$lg_path" "$mode" "$lg_etag" "${lg_pids[@]}") ;;
        2) off=$(run "$lg_off_base" "$lg_path" "$mode" "$lg_etag" "${lg_off_pids[@]}") ;;
      esac
    done
    ng_runs+=("$ng"); lg_runs+=("$lg"); off_runs+=("$off")
    # Each round's runs were back to back, so its ratios cancel slower drifts in machine speed.
    ratios+=("$(python3 -c "print(${lg%% *} / max(1, ${ng%% *}))")")
    off_ratios+=("$(python3 -c "print(${off%% *} / max(1, ${ng%% *}))")")
    on_off+=("$(python3 -c "print(${lg%% *} / max(1, ${off%% *}))")")
  done
  for name in nginx launchgate "recording off"; do
    case $name in
      nginx) runs=("${ng_runs[@]}"); ratio="1.00x" ;;
      launchgate) runs=("${lg_runs[@]}"); ratio=$(printf '%.2fx' "$(median "${ratios[@]}")") ;;
      *) runs=("${off_runs[@]}"); ratio=$(printf '%.2fx' "$(median "${off_ratios[@]}")") ;;
    esac
    printf '%-22s %9s %8s %8s %12s %9s\n' "$name $label" "$(median $(field 1 "${runs[@]}"))" "$(median $(field 2 "${runs[@]}"))" \
      "$(median $(field 3 "${runs[@]}"))" "$(median $(field 5 "${runs[@]}"))" "$ratio"
    errors=$(field 4 "${runs[@]}" | awk '{ s += $1 } END { print s + 0 }')
    [ "$errors" = 0 ] || echo "  note: $errors socket errors or non-2xx/3xx answers from $name"
  done
  printf '  %s: launchgate with recording on is %.2fx of itself with recording off (median of per-round ratios)\n' "$label" "$(median "${on_off[@]}")"
}

print_header() {
  printf '\nwrk -t1 -c%s -d%ss with the SDK'"'"'s request (sdk-request.lua: LaunchGate-Client, 100,000 install IDs, each from its own X-Forwarded-For address behind a trusted proxy; every per-client limit at its default), loopback, %s cores%s; medians of %s rounds, rotating which server goes first\n' \
    "$connections" "$duration" "$(nproc)" "$([ "${PIN:-0}" = 1 ] && echo ', wrk pinned to CPU 0 and servers to CPU 1')" "$rounds"
  printf '%-22s %9s %8s %8s %12s %9s\n' "case" "req/s" "p50 ms" "p99 ms" "CPU us/req" "vs nginx"
}

# What the recording instance wrote and what its limits held back, all at their defaults. With one
# address per install no per-client limit should hold anything back, so a count there is a limit
# that real installs would meet too.
report_limits() {
  local metrics capped refused
  metrics=$(curl -s -H "Authorization: Bearer $lg_token" "$lg_base/metrics")
  echo "install sightings written by the recording instance: $(awk '$1 == "launchgate_install_sightings_recorded_total" { v = $2 } END { print v + 0 }' <<<"$metrics"), dropped because its buffer was full: $(awk '$1 == "launchgate_install_sightings_dropped_total" { v = $2 } END { print v + 0 }' <<<"$metrics")"
  capped=$(awk '/^launchgate_install_sightings_capped_total/ { printf "%s%s %s", sep, $1, $2; sep = ", " }' <<<"$metrics" \
           | sed 's/launchgate_install_sightings_capped_total//g')
  refused=$(awk '$1 ~ /^launchgate_connections_(refused|evicted)_total/ { s += $2 } END { print s + 0 }' <<<"$metrics")
  echo "sightings capped by a quota: ${capped:-none}; connections refused or evicted: $refused"
}
