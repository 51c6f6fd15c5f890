#!/usr/bin/env bash
# Times the adoption and impact queries over many installs, on SQLite and on PostgreSQL.
#
#   scripts/bench/adoption.sh [installs] [versions] [repeats]     (defaults: 1000000 200 7)
#   scripts/bench/adoption.sh --groups [groups] [days] [repeats]  (defaults: 300000 30 3)
#   scripts/bench/adoption.sh --groups --short                    (30000 groups over 3 days, 1 repeat)
#
# --groups seeds a flood of made-up groups on one platform, past the cap (as a database whose cap
# was lowered holds): `groups` distinct (version, build, OS) groups of one install each over the
# last `days` UTC days, beside 50,000 installs of 20 real versions, and prints each query's latency
# and the process's peak resident memory while querying (the queries run in-process, through the
# server's own AdoptionService; the impact evaluates the 20,000 groups with most installs).
#
# Seeds an app through the real recording path (SQLInstallRepository.record, 10,000 sightings per
# transaction; installs spread over `versions` versions, 8 OS versions and the last 29 days), then
# prints the median and worst of `repeats` runs of: adoption over 1, 7 and 30 days; adoption with
# 30 days of history; and the impact of raising the required version. The target is < 100 ms each.
# PostgreSQL comes from scripts/with-postgres (a throwaway cluster). Uses $ADOPTION_BENCH_BIN when
# set, else builds the release binary.
set -euo pipefail
mode=installs
if [ "${1:-}" = "--groups" ]; then
  mode=groups
  shift
  if [ "${1:-}" = "--short" ]; then set -- 30000 3 1; fi
fi
if [ "$mode" = groups ]; then
  installs=${1:-300000}   # groups
  versions=${2:-30}       # days
  repeats=${3:-3}
else
  installs=${1:-1000000}
  versions=${2:-200}
  repeats=${3:-7}
fi
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -n "${ADOPTION_BENCH_BIN:-}" ]; then
  bin=$ADOPTION_BENCH_BIN
else
  echo "building adoption-bench (release)..." >&2
  swift build -c release --package-path "$root/Server" --product adoption-bench >/dev/null
  bin="$root/Server/.build/release/adoption-bench"
fi
work=$(mktemp -d /tmp/launchgate-adoption-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ "$mode" = groups ]; then
  echo "== SQLite ($installs flood groups over $versions days, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$bin" "$work/bench.sqlite" --groups "$installs" "$versions" "$repeats"
  echo "   database file: $(du -h "$work/bench.sqlite" | cut -f1)"
  echo
  echo "== PostgreSQL ($installs flood groups over $versions days, load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$root/scripts/with-postgres" bash -c '"$0" "$LAUNCHGATE_TEST_POSTGRES_URL" --groups "$1" "$2" "$3"' "$bin" "$installs" "$versions" "$repeats"
  exit 0
fi
echo "== SQLite ($installs installs, $versions versions, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
"$bin" "$work/bench.sqlite" "$installs" "$versions" "$repeats"
echo "   database file: $(du -h "$work/bench.sqlite" | cut -f1)"
echo
echo "== PostgreSQL ($installs installs, $versions versions)"
"$root/scripts/with-postgres" bash -c '"$0" "$LAUNCHGATE_TEST_POSTGRES_URL" "$1" "$2" "$3"' "$bin" "$installs" "$versions" "$repeats"
