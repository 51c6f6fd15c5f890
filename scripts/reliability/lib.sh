# Shared by the scripts in scripts/reliability: sourced, never run.
#
# Gives: $root, $short (1 with --short), $work (a temporary folder removed on exit), $bin (the
# launchgate binary: $LAUNCHGATE_BIN, or a build: debug in short mode, release otherwise),
# free_port, start_server, wait_healthy, reap, rss_kb, cpu_ticks, fail, check, need_tool, and a trap
# that stops every process still registered in $pids and removes $work.
#
# Register each background process in $pids (`pids+=("$!")`) and wait for it with `reap PID`, never
# a bare `wait`: reap also takes the PID off the list. Once a process has been waited for, the
# kernel may give its PID to anyone, and the trap must not signal a stranger.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
script_name=$(basename "$0")
short=0
args=()
for arg in "$@"; do
  case "$arg" in
    --short) short=1 ;;
    *) args+=("$arg") ;;
  esac
done

pids=()
failures=0
work=$(mktemp -d "/tmp/launchgate-$script_name.XXXXXX")
# is_our_child PID: whether PID is still a child of this shell. Bash collects an exited background
# process by itself, so a PID nobody waited for can be reused too; its new owner is not our child.
is_our_child() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  stat=${stat##*) }   # the fields after "(comm)", which may itself hold spaces
  set -- $stat
  [ "${2:-}" = "$$" ]
}

# reap PID: waits for a process this script started, returns its exit status, and takes it off $pids.
reap() {
  local pid=$1 status=0 kept=() other
  wait "$pid" 2>/dev/null || status=$?
  for other in "${pids[@]}"; do [ "$other" = "$pid" ] || kept+=("$other"); done
  pids=("${kept[@]}")
  return "$status"
}

cleanup() {
  local pid live=()
  for pid in "${pids[@]}"; do is_our_child "$pid" && live+=("$pid"); done
  for pid in "${live[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${live[@]}"; do
    # Bounded: a server that ignores SIGTERM for 5 s is killed.
    for _ in $(seq 1 50); do is_our_child "$pid" || break; kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    is_our_child "$pid" && kill -9 "$pid" 2>/dev/null || true
  done
  [ "${KEEP_WORK:-0}" = 1 ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say() { printf '[%s] %s\n' "$script_name" "$*"; }
# fail MESSAGE: reports a failed check and remembers it; the script exits non-zero at the end.
fail() { printf '[%s] FAIL %s\n' "$script_name" "$*" >&2; failures=$((failures + 1)); }
# die MESSAGE: a failure after which nothing else can be checked.
die() { printf '[%s] FAIL %s\n' "$script_name" "$*" >&2; exit 1; }
ok() { printf '[%s] ok   %s\n' "$script_name" "$*"; }
# finish: the script's verdict.
finish() {
  if [ "$failures" = 0 ]; then say "passed"; exit 0; fi
  say "$failures check(s) failed"; exit 1
}

need_tool() {  # need_tool COMMAND [DEBIAN-PACKAGE]
  command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ] && return 0
  [ "$(id -u)" = 0 ] || die "$1 is missing; run as root so this script can apt-get install ${2:-$1}"
  say "installing ${2:-$1} from Debian's packages..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${2:-$1}" >/dev/null
}

if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
elif [ "$short" = 1 ]; then
  swift build --package-path "$root/Server" --product launchgate >&2
  bin="$root/Server/.build/debug/launchgate"
else
  swift build --package-path "$root/Server" -c release --product launchgate >&2
  bin="$root/Server/.build/release/launchgate"
fi
[ -x "$bin" ] || die "no launchgate binary at $bin"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start_server LOG ARGS...: starts `launchgate serve` on 127.0.0.1 on a free port with ARGS; sets
# $port, $base and $server_pid, and waits until /healthz answers (at most 60 s).
start_server() {
  local log=$1; shift
  port=$(free_port)
  base="http://127.0.0.1:$port"
  LOG_LEVEL=${LOG_LEVEL:-warning} "$bin" serve --host 127.0.0.1 --port "$port" "$@" >> "$log" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  wait_healthy || { sed 's/^/    /' "$log" | tail -20 >&2; die "the server did not become healthy on $base"; }
}

wait_healthy() {
  local _
  for _ in $(seq 1 600); do
    curl -sf -m 1 "$base/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$server_pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# stop_server: SIGTERM, then SIGKILL after 10 s.
stop_server() {
  kill "$server_pid" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$server_pid" 2>/dev/null || true
  reap "$server_pid" || true
}

# admin_token LOG: the token `serve --demo` printed on first start.
admin_token() { sed -n 's/.*Admin token (shown once, stored hashed): \([^ ]*\).*/\1/p' "$1" | head -1; }
public_key() { sed -n 's/.*Public key (pin it in the app): \([^ ]*\).*/\1/p' "$1" | head -1; }

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
# cpu_ticks PID: user + system clock ticks used so far.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }

# The SDK's `LaunchGate-Client` header, exactly as `AppInfo.clientHeader(installID:)` writes it.
client_header() {  # client_header VERSION BUILD PLATFORM OS INSTALL
  printf 'version="%s", build="%s", platform="%s", os="%s", install="%s"' "$1" "$2" "$3" "$4" "$5"
}

# A canonical policy for publishing, with the required version depending on N so each publish differs.
policy_document() {  # policy_document N
  local n=$1
  printf '{"schemaVersion":1,"app":"demo","platforms":{"ios":{"latest":{"version":"2.%d.0","build":%d},"required":{"version":"1.%d.0"},"updateURL":"https://apps.apple.com/app/id1"},"android":{"latest":{"version":"2.%d.0"}}}}' \
    "$((n + 10))" "$((n + 1000))" "$n" "$((n + 10))"
}
