#!/usr/bin/env bash
# Time from a fresh clone to the first `simulate` screen, as the README's newcomer goes:
# `git clone`, `swift run --package-path Server launchgate serve --demo`, then the banner's alias
# running `launchgate simulate` for 2.1.0, which must show "Update recommended".
# Run it on a quiet machine: the figure is mostly the first build, which competes for every core.
#
#   scripts/bench/first-screen.sh [REPO]      # REPO defaults to this checkout (its HEAD)
set -euo pipefail

repo=${1:-$(git -C "$(dirname "$0")/../.." rev-parse --show-toplevel)}
port=${FIRST_SCREEN_PORT:-18990}
work=$(mktemp -d /tmp/first-screen.XXXXXX)
server_pid=
cleanup() {
  if [[ -n $server_pid ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

now() { date +%s.%N; }
elapsed() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$1" "$2"; }

start=$(now)
git clone --quiet "$repo" "$work/launchgate"
cd "$work/launchgate"
echo "clone: $(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"

swift run --package-path Server launchgate serve --demo --port "$port" > "$work/serve.log" 2>&1 &
server_pid=$!
# The first build is the long part; give it an hour before calling it stuck.
deadline=$(( $(date +%s) + 3600 ))
until grep -q "alias launchgate=" "$work/serve.log"; do
  if ! kill -0 "$server_pid" 2>/dev/null; then echo "serve --demo exited:"; tail -20 "$work/serve.log"; exit 1; fi
  if (( $(date +%s) > deadline )); then echo "serve --demo printed no banner within an hour"; exit 1; fi
  sleep 1
done
banner=$(now)

binary=$(sed -n "s/.*alias launchgate='\(.*\)'.*/\1/p" "$work/serve.log" | head -1)
key=$(grep -o 'ed25519:[A-Za-z0-9+/=]*' "$work/serve.log" | head -1)
screen=$(printf 'quit\n' | "$binary" simulate --url "http://localhost:$port" --app demo \
  --version 2.1.0 --build 210 --key "$key" 2>&1)
shown=$(now)
if ! grep -q "Update recommended" <<<"$screen"; then echo "simulate showed no 'Update recommended':"; echo "$screen"; exit 1; fi

# A second CLI call, as with the alias afterwards: what every later command costs.
cli_start=$(now)
"$binary" --help > /dev/null
cli_end=$(now)

echo "clone to the demo's banner:          $(elapsed "$start" "$banner") s"
echo "clone to the first simulate screen:  $(elapsed "$start" "$shown") s"
echo "a later CLI call through the alias:   $(python3 -c "import sys; print(f'{(float(sys.argv[2]) - float(sys.argv[1])) * 1000:.0f}')" "$cli_start" "$cli_end") ms"
