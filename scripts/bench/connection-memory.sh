#!/usr/bin/env bash
# What a connection costs the server in RSS, the figure behind --max-connections' default:
# N idle keep-alive connections, each from its own loopback address after one GET /healthz, and N
# slow readers (4 KB receive buffer, 200 pipelined GET /openapi.yaml, then 512 bytes read every few
# seconds), each against a fresh `launchgate serve --demo`; prints the RSS before and after, and
# per connection.
#
#   scripts/bench/connection-memory.sh [connections]      (default 2000)
#
# Uses $LAUNCHGATE_BIN when set, else builds the release binary. Linux only (loopback aliases).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count=${1:-2000}
if [ -n "${LAUNCHGATE_BIN:-}" ]; then
  bin=$LAUNCHGATE_BIN
else
  echo "building launchgate (release)..." >&2
  swift build -c release --package-path "$root/Server" --product launchgate >/dev/null
  bin="$root/Server/.build/release/launchgate"
fi
ulimit -n $((count + 1024)) 2>/dev/null || true

work=$(mktemp -d /tmp/launchgate-connections.XXXXXX)
pid=""
cleanup() { [ -z "$pid" ] || kill "$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# measure KIND: a fresh server, then the clients of KIND against it.
measure() {
  local kind=$1 port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  rm -f "$work"/bench.sqlite*
  LAUNCHGATE_DATABASE_URL="$work/bench.sqlite" LOG_LEVEL=warning "$bin" serve --demo --host 127.0.0.1 --port "$port" \
    --max-connections $((count + 100)) --max-connections-per-network $((count + 100)) > "$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  python3 - "$kind" "$count" "$port" "$pid" <<'PY'
import socket, sys, time
kind, count, port, pid = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def rss():
    return next(int(line.split()[1]) for line in open(f"/proc/{pid}/status") if line.startswith("VmRSS"))
def source(i):
    return f"127.{1 + i // 60000}.{(i // 250) % 240 + 10}.{i % 250 + 1}"
time.sleep(1)
before, peak, sockets = rss(), 0, []
for i in range(count):
    s = socket.socket()
    if kind == "slow":
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.bind((source(i), 0))
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    if kind == "idle":
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert s.recv(4096).startswith(b"HTTP/1.1 200")
    else:
        s.setblocking(False)
        try:
            s.send(b"GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 200)
        except OSError:
            pass
    sockets.append(s)
for _ in range(3 if kind == "idle" else 4):
    time.sleep(3)
    peak = max(peak, rss())
    if kind == "slow":
        for s in sockets:
            try:
                s.recv(512)
            except OSError:
                pass
what = "idle keep-alive connections" if kind == "idle" else "slow readers (200 pipelined /openapi.yaml)"
print(f"{count} {what}: RSS {before / 1024:.1f} -> {peak / 1024:.1f} MB, {(peak - before) / count:.1f} KB each")
PY
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}
measure idle
measure slow
