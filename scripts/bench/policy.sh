#!/usr/bin/env bash
# Load test of the policy hot path: wrk against `launchgate serve` and against nginx serving the
# same exported file, on this machine, in one run, for 200 and for 304 (If-None-Match).
# Every request is the one the SDK sends (sdk-request.lua): Accept, LaunchGate-Client with install
# IDs spread over 100,000 values, and If-None-Match in the 304 case. Both launchgate instances run
# the defaults users run, behind wrk as a trusted proxy (--trusted-proxy 127.0.0.1) that names
# each install's own address in X-Forwarded-For, so every per-client limit stays on and counts
# 100,000 clients; the end of the output says what those limits held back.
# Prints requests/s, p50, p99 and the servers' CPU time per request for each, and launchgate's
# ratio to nginx: the median of the per-round ratios, each round running both back to back.
#
#   scripts/bench/policy.sh [duration-seconds] [connections] [rounds]
#
# Three servers in each round: nginx, launchgate with install recording on (the default) and a
# second launchgate instance on the same database with recording off (--no-record-installs):
# each launchgate's ratio to nginx, and recording on to off (which must stay 0.9x or more).
#
# Each case runs `rounds` times (default 5), rotating which server goes first, and medians are
# reported, because a 2-core machine shared with wrk is noisy from run to run.
#
# Loopback only. Installs wrk and nginx from Debian's packages when missing (needs root). Uses
# $LAUNCHGATE_BIN when set, else builds the release binary.
#
# PIN=1 runs wrk on CPU 0 and both servers on CPU 1 (taskset), so neither server competes with
# wrk for a core; figures are steadier from run to run, and the servers are still on equal terms.
duration=${1:-10}
connections=${2:-64}
rounds=${3:-5}
source "$(dirname "$0")/common.sh"

lg_path="/v1/apps/demo/policy?platform=ios"
ng_path="/demo/ios/policy.json"
lg_etag=$(etag_of "$lg_base$lg_path")
ng_etag=$(etag_of "$ng_base$ng_path")
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $lg_etag" "$lg_base$lg_path")" = 304 ] || { echo "launchgate did not answer 304" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "If-None-Match: $ng_etag" "$ng_base$ng_path")" = 304 ] || { echo "nginx did not answer 304" >&2; exit 1; }
echo "body: launchgate $(curl -s "$lg_base$lg_path" | wc -c) bytes, nginx $(curl -s "$ng_base$ng_path" | wc -c) bytes (same document)" >&2

print_header
compare 200 "$lg_path" "$ng_path" policy "" ""
compare 304 "$lg_path" "$ng_path" policy "$lg_etag" "$ng_etag"

report_limits
