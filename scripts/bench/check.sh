#!/usr/bin/env bash
# Load test of the thin-client decision endpoint, GET /v1/apps/{app}/check, against nginx serving
# the exported policy file in the same run (the cost of a static answer, for scale).
# Every request is the SDK's (sdk-request.lua in "check" mode): Accept, LaunchGate-Client, and a
# realistic spread of versions, builds, OS versions and 100,000 install IDs in the query, each
# install from its own X-Forwarded-For address behind wrk as a trusted proxy, so the server runs
# every per-client limit at its default (common.sh).
# Prints requests/s, p50, p99, the servers' CPU time per request, and launchgate's ratio to nginx.
#
#   scripts/bench/check.sh [duration-seconds] [connections] [rounds]
#
# Loopback only; installs wrk and nginx when missing; PIN=1 as in policy.sh.
duration=${1:-10}
connections=${2:-64}
rounds=${3:-5}
source "$(dirname "$0")/common.sh"

lg_path="/v1/apps/demo/check"
ng_path="/demo/ios/policy.json"
sample="$lg_base$lg_path?platform=ios&version=1.9.0&build=190&os=17.4&install=ABC"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$sample")" = 200 ] || { echo "launchgate's check endpoint did not answer 200: $(curl -s "$sample")" >&2; exit 1; }
echo "check answer: $(curl -s "$sample" | head -c 200)..." >&2

print_header
compare check "$lg_path" "$ng_path" check "" ""
report_limits
