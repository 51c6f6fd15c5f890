#!/usr/bin/env bash
# Instructions one launch decision costs, counted by valgrind's callgrind: a figure that doesn't
# move with the machine's load, beside LaunchBenchmark's times, which do.
#
#   scripts/bench/launch-instructions.sh [measurement prefix] [binary]
#
# Runs the release LaunchBenchmark under callgrind twice, once with 1,000 and once with 3,000
# iterations of one measurement ("monitor init → decision (in-memory store)" unless a prefix is
# given); the difference between the two totals, over the 2,200 extra iterations (the warm-up is a
# tenth of the count), is the cost of one iteration with everything the process does once (start-up,
# the first reads, the other measurements' setup) taken out. Builds the benchmark unless a binary
# is given (to count another build, such as an older commit's, the same way).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
measurement="${1:-monitor init → decision (in-memory}"
bin="${2:-}"
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
if [ -z "$bin" ]; then
  swift build -c release --package-path "$root" --product LaunchBenchmark >/dev/null
  bin="$(swift build -c release --package-path "$root" --show-bin-path)/LaunchBenchmark"
fi
work=$(mktemp -d /tmp/launchgate-callgrind.XXXXXX)
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 (Debian 12's) can't read the DWARF 5 that Swift writes and stops at start-up; a copy
# without the debug sections runs, and counts the same instructions.
objcopy --strip-debug "$bin" "$work/LaunchBenchmark"

total() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out.$1" "$work/LaunchBenchmark" "$1" "$measurement" > "$work/log.$1" 2>&1
  grep -q "$measurement" "$work/log.$1" || { echo "launch-instructions: no measurement starts with \"$measurement\"" >&2; cat "$work/log.$1" >&2; exit 1; }
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log.$1"
}
small=$(total 1000)
large=$(total 3000)
echo "$measurement: $(( (large - small) / 2200 )) instructions per iteration (callgrind, $bin)"
