#!/usr/bin/env bash
# What tracing costs (issue 30): two `launchgate serve --demo` with the same flags, on the same
# database (each on its own copy, made with `launchgate backup`, so neither delivers the other's
# sign-in mail), one with tracing off (no OTEL_* variable) and one with OTEL_EXPORTER_OTLP_ENDPOINT
# set to scripts/otlp-receiver.py on loopback, so its spans are really exported, received and decoded.
#
#   scripts/bench/tracing.sh [duration-seconds] [connections] [rounds]
#
# Two cases, each with wrk (medians of `rounds` rounds, default 5, alternating which server goes
# first, as policy.sh does):
# - the policy read the SDK sends (sdk-request.lua), 200 and 304: the prepared-answer path, which
#   starts no span, so tracing on must cost it nothing;
# - POST /v1/apps/demo/auth/send-code, as the SDK's SignInFlow sends it (routes.lua's
#   app-send-code: its headers and its {"email":"…"} body, a new address and client each time).
#   It is the route the SDK calls that does its work in the request through the router and the
#   database: a request span with a db.transaction child for the code and its mail, and then the
#   outbox worker's mail.deliver with its own database spans. (The install ping and the check
#   read answer from caches and queue what they record for a later batch, so their requests reach
#   no database; the session check has no body.)
# Prints requests/s, p50, p99, the server's CPU time per request and the ratio of tracing on to
# off (medians of the per-round ratios), then how many spans of each name the receiver got, next
# to how many requests the traced server was measured on, how much mail its outbox queued and
# delivered, and how many spans it dropped. It fails when no send-code or mail.deliver span arrived
# (an exporter that did nothing), and says so when fewer arrived than that mail: spans dropped from
# a full export queue make tracing look cheaper than exporting them all.
#
# Both servers run the defaults users run behind wrk as a trusted proxy (--trusted-proxy
# 127.0.0.1; each request names its own client in X-Forwarded-For), but the app-wide mail caps,
# which the send-code runs pass in their first seconds (as in routes.sh), and mail is dropped
# (--mail-transport none). OTEL_* variables in the caller's environment reach the traced server
# only (such as OTEL_BSP_MAX_QUEUE_SIZE); OTEL_SERVICE_NAME is launchgate-bench.
#
# Loopback only. Installs wrk from Debian's packages and opentelemetry-proto from PyPI when
# missing. Uses $LAUNCHGATE_BIN when set, else builds the release binary. PIN=1 runs wrk and the
# receiver on CPU 0 and both servers on CPU 1.
duration=${1:-10}
connections=${2:-64}
rounds=${3:-5}
bench_servers=none
source "$(dirname "$0")/common.sh"
python3 -c "import opentelemetry.proto" 2>/dev/null || python3 -m pip install --quiet opentelemetry-proto

otlp_port=$(free_port)
"${pin_client[@]}" "$root/scripts/otlp-receiver.py" serve "$otlp_port" "$work/spans.jsonl" > "$work/receiver.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do python3 -c "import socket; socket.create_connection(('127.0.0.1', $otlp_port), 0.2)" 2>/dev/null && break; sleep 0.1; done

# start_server NAME PORT [ENV-ARGUMENT...]: one launchgate on $work/NAME.sqlite with the shared
# flags and master key, its environment changed by env(1)'s arguments (-u VAR, VAR=VALUE).
start_server() {
  local name=$1 port=$2; shift 2
  env "$@" LOG_LEVEL=warning "${pin_server[@]}" "$bin" serve --demo --host 127.0.0.1 --port "$port" \
    --database-url "$work/$name.sqlite" --master-key-file "$work/bench.key" --trusted-proxy 127.0.0.1 --mail-transport none \
    --sign-in-app-network-sends-per-hour 0 --sign-in-app-mail-per-hour 0 > "$work/$name.log" 2>&1 &
  pids+=($!)
  wait_healthy "$port" || { echo "launchgate ($name) did not start:" >&2; cat "$work/$name.log" >&2; exit 1; }
}
# Tracing off: no OTEL_* variable at all, whatever the caller's environment holds.
no_otel=()
for variable in $(compgen -e | grep '^OTEL_' || true); do no_otel+=(-u "$variable"); done
off_port=$(free_port)
start_server off "$off_port" "${no_otel[@]}"
off_pids=("${pids[-1]}")
# The same database, as a copy: one file would share the mail outbox, and each server's worker
# would deliver the other's mail, hiding part of what tracing costs a send-code in the server that
# doesn't trace (or doesn't count) it.
"$bin" backup --database-url "$work/off.sqlite" --master-key-file "$work/bench.key" --out "$work/on.sqlite" >/dev/null
on_port=$(free_port)
start_server on "$on_port" OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$otlp_port" OTEL_SERVICE_NAME="${OTEL_SERVICE_NAME:-launchgate-bench}"
on_pids=("${pids[-1]}")
off_base="http://127.0.0.1:$off_port"
on_base="http://127.0.0.1:$on_port"

policy_path="/v1/apps/demo/policy?platform=ios"
etag=$(etag_of "$off_base$policy_path")
[ "$etag" = "$(etag_of "$on_base$policy_path")" ] || { echo "the two servers answer the policy read with different entity tags" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $etag" "$on_base$policy_path")" = 304 ] || { echo "launchgate did not answer 304" >&2; exit 1; }
send_code_status=$(curl -s -o "$work/send-code.json" -w '%{http_code}' -H 'Content-Type: application/json' -H 'Accept: application/json' \
  -H 'X-Forwarded-For: 11.0.0.1' -d '{"email":"ada.check@example.com"}' "$on_base/v1/apps/demo/auth/send-code")
[ "$send_code_status" = 200 ] || { echo "send-code answered $send_code_status: $(cat "$work/send-code.json")" >&2; exit 1; }

# compare LABEL PATH MODE ETAG: runs tracing off and on `rounds` times, alternating which goes
# first, and prints each one's medians and the medians of the per-round ratios of on to off.
# Adds the requests the traced server was measured on to measured_on[LABEL].
declare -A measured_on
compare() {
  local label=$1 path=$2 mode=$3 etag=$4
  local off_runs=() on_runs=() rate_ratios=() cpu_ratios=() round step off on name runs errors
  for round in $(seq 1 "$rounds"); do
    for step in 0 1; do
      if [ $(( (round + step) % 2 )) = 0 ]; then
        off=$(run "$off_base" "$path" "$mode" "$etag" "${off_pids[@]}")
      else
        on=$(run "$on_base" "$path" "$mode" "$etag" "${on_pids[@]}")
      fi
    done
    off_runs+=("$off"); on_runs+=("$on")
    # Each round's runs were back to back, so its ratios cancel slower drifts in machine speed.
    rate_ratios+=("$(python3 -c "print($(field 1 "$on") / max(1, $(field 1 "$off")))")")
    cpu_ratios+=("$(python3 -c "print($(field 5 "$on") / max(0.01, $(field 5 "$off")))")")
  done
  for name in "tracing off" "tracing on"; do
    if [ "$name" = "tracing off" ]; then runs=("${off_runs[@]}"); else runs=("${on_runs[@]}"); fi
    printf '%-28s %9s %8s %8s %12s\n' "$label, $name" "$(median $(field 1 "${runs[@]}"))" "$(median $(field 2 "${runs[@]}"))" \
      "$(median $(field 3 "${runs[@]}"))" "$(median $(field 5 "${runs[@]}"))"
    errors=$(field 4 "${runs[@]}" | awk '{ s += $1 } END { print s + 0 }')
    [ "$errors" = 0 ] || echo "  note: $errors socket errors or non-2xx/3xx answers with $name"
  done
  printf '  %s: tracing on / off: %.2fx the requests/s, %.2fx the CPU per request (medians of per-round ratios)\n' \
    "$label" "$(median "${rate_ratios[@]}")" "$(median "${cpu_ratios[@]}")"
  measured_on[$label]=$(field 6 "${on_runs[@]}" | awk '{ s += $1 } END { print s + 0 }')
}

printf '\nwrk -t1 -c%s -d%ss, loopback, %s cores%s; medians of %s rounds, alternating which server goes first\n' \
  "$connections" "$duration" "$(nproc)" "$([ "${PIN:-0}" = 1 ] && echo ', wrk and the receiver pinned to CPU 0 and the servers to CPU 1')" "$rounds"
printf '%-28s %9s %8s %8s %12s\n' "case" "req/s" "p50 ms" "p99 ms" "CPU us/req"
compare "policy 200" "$policy_path" policy ""
compare "policy 304" "$policy_path" policy "$etag"
bench_lua="$root/scripts/bench/routes.lua" LG_ROUTE=app-send-code compare "send-code" "" "" ""

# Stopping the traced server sends the spans still queued; then the receiver has them all.
kill -TERM "${on_pids[0]}"
wait "${on_pids[0]}" 2>/dev/null || true
sleep 0.5
printf '\nspans the OTLP receiver got from the traced server (warm-up runs and start-up included):\n'
python3 - "$work/spans.jsonl" <<'PY' | tee "$work/spans.txt"
import collections, json, sys
names = collections.Counter(json.loads(line)["name"] for line in open(sys.argv[1]))
print(f"  {sum(names.values())} in all")
for name, count in names.most_common():
    print(f"  {count:>9}  {name}")
PY
printf 'requests the traced server was measured on (warm-ups left out): policy 200 %s, policy 304 %s, send-code %s\n' \
  "${measured_on[policy 200]}" "${measured_on[policy 304]}" "${measured_on[send-code]}"
# The traced server's own count of what should have spans: one outbox row per send-code it accepted
# (warm-ups included; rows are kept for days), and the rows its worker finished delivering.
read -r queued delivered < <(python3 -c '
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print(*db.execute("SELECT count(*), count(finished_at) FROM mail_outbox").fetchone())' "$work/on.sqlite")
echo "sign-in mail the traced server queued (one per send-code it accepted): $queued, delivered: $delivered"
send_code_spans=$(awk '$2 == "POST" && $3 == "/v1/apps/{app}/auth/send-code" { print $1 }' "$work/spans.txt")
deliver_spans=$(awk '$2 == "mail.deliver" { print $1 }' "$work/spans.txt")
# swift-otel drops a span that finds its queue full, and says how many in a warning.
dropped=$(awk 'match($0, /dropped_count[^0-9]*[0-9]+/) { n = substr($0, RSTART, RLENGTH); sub(/^dropped_count[^0-9]*/, "", n); s += n }
                END { print s + 0 }' "$work/on.log")
echo "spans the traced server dropped because its export queue was full (its log): $dropped"
if [ "${send_code_spans:-0}" = 0 ] || [ "${deliver_spans:-0}" = 0 ]; then
  echo "no send-code or mail.deliver span arrived: the traced server exported nothing, and its figures are not tracing's" >&2
  exit 1
fi
if [ "$send_code_spans" -lt "$queued" ] || [ "$deliver_spans" -lt "$delivered" ] || [ "$dropped" != 0 ]; then
  echo "note: spans were lost ($send_code_spans send-code spans for $queued sends, $deliver_spans mail.deliver for $delivered" \
    "deliveries): tracing on exported less than every span, the default queue of OTEL_BSP_MAX_QUEUE_SIZE=2048 is too small" \
    "for this load; run again with a larger one (65536, say) for the cost of exporting them all"
fi
