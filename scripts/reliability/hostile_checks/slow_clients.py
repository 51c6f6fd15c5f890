"""Clients that send and never read, or read slowly: pipeliners, slowloris and idle sockets, stalled
pipeliners at the connection cap, and slow readers of a large answer."""
import socket, time
from .common import POLICY, RSS_BUDGET_KB, client_header, connect_from, exchange, fail, metric, ok, port, request, rss_kb, served_in, short, spawn_server, stop, timeouts


# A pipelining client that sends and never reads.
def never_reads(path=POLICY):
    before = rss_kb()
    peak = before
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setblocking(False)
    burst = request(path, f"LaunchGate-Client: {client_header('pipeline')}\r\n") * 256
    sent, stalled_since = 0, None
    limit_bytes = (64 if short else 512) << 20
    deadline = time.monotonic() + (10 if short else 30)
    while sent < limit_bytes and time.monotonic() < deadline:
        try:
            sent += sock.send(burst)
            stalled_since = None
        except BlockingIOError:
            # The server stopped reading: that is the back-pressure we want. Watch memory a little longer.
            stalled_since = stalled_since or time.monotonic()
            if time.monotonic() - stalled_since > 3:
                break
            time.sleep(0.05)
        except (BrokenPipeError, ConnectionResetError):
            break
        peak = max(peak, rss_kb())
    peak = max(peak, rss_kb())
    sock.close()
    grew = peak - before
    print(f"     never-reading pipeliner: sent {sent >> 20} MB, server RSS {before // 1024} -> peak {peak // 1024} MB")
    if grew < RSS_BUDGET_KB:
        ok(f"a client that pipelines and never reads leaves RSS bounded (+{grew // 1024} MB)")
    else:
        fail(f"a client that pipelines and never reads grew server RSS by {grew // 1024} MB (budget 50 MB)")


# Slowloris and idle sockets.
def slow_and_idle():
    count = 200
    idle_timeout, header_timeout = timeouts or (5, 3)
    sockets = []
    for i in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.setblocking(False)
        sockets.append((s, "idle" if i % 2 == 0 else "slow"))
    for s, kind in sockets:
        if kind == "slow":
            s.send(b"GET /v1/apps/demo/policy?platform=ios HTTP/1.1\r\nHost: x\r\n")
    started = time.monotonic()
    # Both timeouts, plus slack for a loaded 2-core machine.
    deadline = started + max(idle_timeout, header_timeout) + 7
    open_sockets = dict(enumerate(sockets))
    closed_after = {"idle": [], "slow": []}
    while open_sockets and time.monotonic() < deadline:
        for key in list(open_sockets):
            s, kind = open_sockets[key]
            try:
                data = s.recv(4096)
                if data == b"":
                    closed_after[kind].append(time.monotonic() - started)
                    s.close(); del open_sockets[key]
                    continue
                # A 408 or similar answer before the close is fine; keep reading until it closes.
            except BlockingIOError:
                pass
            except (ConnectionResetError, BrokenPipeError):
                closed_after[kind].append(time.monotonic() - started)
                s.close(); del open_sockets[key]
                continue
            if kind == "slow":
                try:
                    s.send(b"X")  # one byte of a header line at a time
                except BlockingIOError:
                    pass
                except (BrokenPipeError, ConnectionResetError):
                    closed_after[kind].append(time.monotonic() - started)
                    s.close(); del open_sockets[key]
        time.sleep(0.5)
    remaining = {"idle": 0, "slow": 0}
    for s, kind in open_sockets.values():
        remaining[kind] += 1
        s.close()
    for kind, limit in (("idle", idle_timeout), ("slow", header_timeout)):
        times = closed_after[kind]
        slowest = f"{max(times):.1f} s" if times else "-"
        if remaining[kind] == 0:
            ok(f"100 {kind} sockets closed by the server (slowest after {slowest}, timeout {limit:g} s)")
        else:
            fail(f"{remaining[kind]} of 100 {kind} sockets still open after {deadline - started:.0f} s (timeout {limit:g} s)")
    # The server still answers afterwards.
    answers = exchange(request(POLICY), 1)
    if not answers or answers[0][0] != 200:
        fail("the server does not answer after the slowloris round")


# 200 clients (50 in short mode), each from its own address, pipeline requests and never read,
# against --max-connections of as many: the write-stall timeout (the idle timeout) must free their
# connections, so a /healthz from another address waits in the backlog for seconds, not for ever.
# They ask for /openapi.yaml, which the router answers (its writer waits for writability, so
# Hummingbird's idle timer doesn't run) and whose tens of KB stall the channel within a few answers.
# Prepared GETs would not show it: the hot path writes them at once, and the idle timer then
# closes a connection whose reads are held.
def stalled_pipeliners():
    count, idle = (50, 3) if short else (200, 3)
    patience = idle + (30 if short else 12)
    other_port, process, _ = spawn_server("--max-connections", str(count), "--max-connections-per-client", str(count),
                                          "--idle-timeout", str(idle))
    sockets = []
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        burst = request("/openapi.yaml") * 64
        # A few more than the cap, since NIO accepts up to four connections a wake-up and the cap
        # can be passed by three; the rest wait in the backlog, as the /healthz will.
        for i in range(count + 10):
            s = connect_from(f"127.0.1.{i + 1}", other_port, receive_buffer=4096)
            s.setblocking(False)
            sockets.append(s)
        # Their answers pass NIO's high-water mark on every connection.
        for _ in range(4):
            for s in sockets:
                try:
                    s.send(burst)
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
        waited = served_in("127.0.0.2", other_port, patience)
        print(f"     {count} never-reading pipeliners at --max-connections {count}, idle timeout {idle} s: "
              + (f"/healthz from another address answered after {waited:.1f} s" if waited is not None else f"/healthz unanswered in {patience} s"))
        (ok if waited is not None else fail)(
            f"pipeliners that never read are closed once stalled, and another address is served (within {patience} s)")
    finally:
        for s in sockets:
            s.close()
        stop(process)


# Slow readers (issue 27, H2 of the re-test): clients with a 4 KB receive buffer that pipeline
# 200 requests for /openapi.yaml and then read 512 bytes every few seconds kept about 370 KB each
# on the server (3,000 of them: 1.19 GB), and the write-stall timeout never fired, since each read
# made the channel writable again. Now every answer shares one buffer of the description, and a
# connection whose pipelined requests hold more than 32 KB while they wait and its peer reads
# nothing is closed. Against a
# second server, 100 of them (300 in full mode) must cost under 100 KB each at the peak, and an
# honest slow reader (one policy read at 512 bytes a second) must still get its whole answer.
def slow_readers():
    count, seconds = (100, 8) if short else (300, 30)
    # One connection per address, within every share: only the bytes each holds are judged.
    other_port, process, admin = spawn_server("--max-connections", str(count + 50))
    sockets = []
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        time.sleep(1.0)
        before = peak = rss_kb(process.pid)
        honest = connect_from("127.0.0.2", other_port, timeout=10, receive_buffer=4096)
        honest.sendall(request(POLICY))
        for i in range(count):
            s = connect_from(f"127.0.6.{i % 250 + 1}" if count <= 250 else f"127.{i // 250 + 1}.6.{i % 250 + 1}", other_port, receive_buffer=4096)
            s.setblocking(False)
            try:
                s.send(request("/openapi.yaml") * 200)
            except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                pass
            sockets.append(s)
        received, started = b"", time.monotonic()
        while time.monotonic() - started < seconds:
            time.sleep(1.0)
            peak = max(peak, rss_kb(process.pid))
            if len(received) < 2 ** 20:
                honest.settimeout(0.1)
                try:
                    received += honest.recv(512)
                except socket.timeout:
                    pass
            if int(time.monotonic() - started) % 4 == 0:
                for s in sockets:
                    try:
                        s.recv(512)
                    except (BlockingIOError, OSError):
                        pass
        # Unread answers stay in a client's receive buffer after the server's close, so ask the server.
        closed_for_pipelining = metric(other_port, admin, "launchgate_connections_pipeline_closed_total")
        # The rest of the answer, at once now.
        honest.settimeout(2)
        try:
            while True:
                chunk = honest.recv(4096)
                if not chunk:
                    break
                received += chunk
        except OSError:
            pass
        head, _, body = received.partition(b"\r\n\r\n")
        lengths = [line.split(b":", 1)[1].strip() for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
        honest_ok = head.startswith(b"HTTP/1.1 200") and bool(lengths) and len(body) == int(lengths[0]) and b'"schemaVersion"' in body
        each = (peak - before) / count
        print(f"     {count} slow readers pipelining 200 x /openapi.yaml: server RSS {before // 1024} -> peak {peak // 1024} MB "
              f"({each:.0f} KB each); {closed_for_pipelining:.0f} closed for their pipelined requests; an honest reader at 512 B/s: "
              f"{'whole answer' if honest_ok else received[:60]!r}")
        (ok if each < 100 else fail)(f"slow readers that pipeline deep cost under 100 KB each ({each:.0f} KB)")
        (ok if honest_ok else fail)("an honest client reading its policy at 512 bytes a second gets all of it")
    finally:
        for s in sockets:
            s.close()
        stop(process)
