"""The connection caps: one address opening thousands of connections, many addresses of a few
networks filling the cap, and X-Forwarded-For hops counted in the right client's budget (a
reconnecting crowd around a quiet client is in connection_churn)."""
import time
from .common import Reader, connect_from, fail, ok, port, request, rss_kb, served_in, server_pid, short, spawn_server, stop, token


def raise_open_files(wanted):
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        soft = min(hard, wanted)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft


def open_connections(to_port=None, admin=None):
    """The server's connections open within their share (launchgate_connections_admitted), asked
    from another address with the admin token."""
    s = connect_from("127.0.0.3", to_port or port)
    try:
        s.sendall(request("/metrics", f"Authorization: Bearer {admin or token}\r\n"))
        answer = Reader(s, time.monotonic() + 10).response()
    finally:
        s.close()
    for line in (answer[2].decode() if answer else "").splitlines():
        if line.startswith("launchgate_connections_admitted "):
            return float(line.split()[1])
    return -1


# One address opens 10,050 connections (issue 27, item 1): it keeps its share, the rest are
# closed at once, and another address is served at once while it tries.
def one_address_floods():
    # In short mode 400 connections against the main server's cap of 2,000 would leave room for
    # the other address, and the RSS far below its bound, with no share at all: so they go to a
    # second server whose cap of 300 one address could fill without its share of 250.
    if not short:
        return flood_one_address(port, token, server_pid, 10_050, "2,000")
    other_port, process, admin = spawn_server("--max-connections", "300", "--max-connections-per-client", "250")
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        flood_one_address(other_port, admin, process.pid, 400, "300")
    finally:
        stop(process)


def flood_one_address(port, token, pid, total, cap):
    share = 250  # hostile starts serve with --max-connections-per-client 250, as one_address_floods does its second server
    files = raise_open_files(total + 256)
    if files < total + 128:
        fail(f"this process may open {files} files, too few for {total} connections; testing {files - 128}")
        total = files - 128
    before = peak = rss_kb(pid)
    sockets, failed, most_open = [], 0, 0
    others, started = [], time.monotonic()
    for i in range(total):
        try:
            s = connect_from("127.0.0.1", port)
            s.setblocking(False)
            s.send(request("/healthz"))
            sockets.append(s)
        except OSError:
            failed += 1
        if i % 200 == 199:
            peak = max(peak, rss_kb(pid))
            # The flood's connections at once (the idle timeout frees its served ones as it goes),
            # and another client, while the flood goes on.
            most_open = max(most_open, open_connections(port, token))
            others.append(served_in("127.0.9.2", port, 5))
    opened = time.monotonic() - started
    time.sleep(1.0)
    most_open = max(most_open, open_connections(port, token))
    served = closed = waiting = 0
    for s in sockets:
        try:
            data = s.recv(4096)
            if data.startswith(b"HTTP/1.1 200"): served += 1
            elif not data: closed += 1
            else: waiting += 1
        except BlockingIOError:
            waiting += 1
        except OSError:
            closed += 1
    peak = max(peak, rss_kb(pid))
    for _ in range(10):
        others.append(served_in("127.0.9.2", port, 5))
    peak = max(peak, rss_kb(pid))
    for s in sockets:
        s.close()
    answered = [t for t in others if t is not None]
    print(f"     one address, cap {cap}: {total} connections in {opened:.1f} s ({failed} failed to connect): {served} served, "
          f"{closed} closed at once, {waiting} neither; at most {most_open:.0f} open at once; another address: "
          f"{len(answered)} of {len(others)} answered, slowest {max(answered, default=0) * 1000:.0f} ms; "
          f"server RSS {before // 1024} -> peak {peak // 1024} MB")
    # The share, and the other clients' few connections (the count's own among them).
    (ok if 0 <= most_open <= share + 5 else fail)(f"one address holds at most its share of connections at once "
                                                  f"({most_open:.0f} open at most, share {share})")
    (ok if len(answered) == len(others) else fail)(
        f"another address is answered while one address floods ({len(answered)} of {len(others)} within 5 s)")
    (ok if peak < 128 * 1024 else fail)(f"server RSS stays under 128 MB while one address floods (peak {peak // 1024} MB)")


# Many addresses, one connection each (issue 27, H1 of the re-test): 10,050 loopback aliases
# filled the cap, since each address held less than a fair share. Each network (IPv4 /24, IPv6
# /48) now has a share, and near the cap the heaviest network gives way. Against a second server
# with --max-connections 200 (a tenth of it, or the client share of 100, per network), the crowd
# comes from two /24s (127.0.3.x and 127.0.5.x), one connection per address, 240 in all (full
# mode: 1,000); a newcomer from a third /24 must be served within 5 s, every time.
def many_addresses_fill_the_cap():
    # Two shapes of crowd: many addresses of two /24s, and (the re-test after the network shares)
    # one address in each of as many /24s, so that every network holds just its fair share.
    for spread in ("two /24s", "a /24 each"):
        crowd_fills_the_cap(spread)


def crowd_fills_the_cap(spread):
    total = 240 if short else 1_000
    other_port, process, admin = spawn_server("--max-connections", "200")
    sockets = []
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        raise_open_files(total + 256)
        before = peak = rss_kb(process.pid)
        started = time.monotonic()
        for i in range(total):
            if spread == "a /24 each":
                source = f"127.{i // 250 + 10}.{i % 250}.1"
            else:
                network, host = (3 if i % 2 == 0 else 5), i // 2 % 250 + 1
                source = f"127.0.{network}.{host}" if total <= 500 else f"127.{i // 500 + 1}.{network}.{host}"
            try:
                s = connect_from(source, other_port)
                s.setblocking(False)
                s.send(request("/healthz"))
                sockets.append(s)
            except OSError:
                pass
        opened = time.monotonic() - started
        time.sleep(1.0)
        most_open = open_connections(other_port, admin)
        newcomers = [served_in(f"127.0.4.{n + 1}", other_port, 5) for n in range(5)]
        peak = max(peak, rss_kb(process.pid))
        answered = [t for t in newcomers if t is not None]
        print(f"     {len(sockets)} addresses x 1 connection from {spread} at --max-connections 200 (opened in {opened:.1f} s): "
              f"{most_open:.0f} open within their shares; newcomers from another /24: {len(answered)} of {len(newcomers)} "
              f"answered, slowest {max(answered, default=0) * 1000:.0f} ms; server RSS {before // 1024} -> {peak // 1024} MB")
        (ok if len(answered) == len(newcomers) else fail)(
            f"a newcomer from another network is served while addresses from {spread} hold one connection each ({len(answered)} of {len(newcomers)} within 5 s)")
        (ok if 0 <= most_open <= 200 else fail)(f"the crowd from {spread} stays within the cap ({most_open:.0f} open)")
    finally:
        for s in sockets:
            s.close()
        stop(process)


# X-Forwarded-For behind a trusted proxy (issue 27, L3 of the re-test): `::10.1.2.9` counted
# in the ::/48 network, not as 10.1.2.9, and a malformed hop fell back to the proxy's own bucket,
# so one bad header spent the budget of everyone the proxy forwards unnamed, and the proxy's own.
# Seen through the admin API's failure budget (10 wrong tokens per client): against a second
# server that trusts 127.0.0.1, 11 wrong tokens with a malformed hop lock that hop's client only,
# and 11 with `::10.1.2.9` lock 10.1.2.9.
def forwarded_for_buckets():
    other_port, process, _ = spawn_server("--trusted-proxy", "127.0.0.1/32")
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        def status(forwarded):
            s = connect_from("127.0.0.1", other_port)
            try:
                extra = "Authorization: Bearer lgt_0000_0000\r\n" + (f"X-Forwarded-For: {forwarded}\r\n" if forwarded else "")
                s.sendall(request("/v1/admin/apps", extra))
                answer = Reader(s, time.monotonic() + 10).response()
                return answer[0] if answer else None
            finally:
                s.close()
        bad = [status("not-an-address") for _ in range(11)]
        proxy_own, client = status(None), status("203.0.113.5")
        print(f"     11 wrong tokens with a malformed hop: {bad[-1]}; then the proxy itself: {proxy_own}; another client: {client}")
        (ok if bad[-1] == 429 and proxy_own == 401 and client == 401 else fail)(
            "a malformed X-Forwarded-For hop spends its own budget, not the proxy's (the proxy itself still gets 401, not 429)")
        compatible = [status("::10.1.2.9") for _ in range(11)]
        plain = status("10.1.2.9")
        print(f"     11 wrong tokens as ::10.1.2.9: {compatible[-1]}; then as 10.1.2.9: {plain}")
        (ok if compatible[-1] == 429 and plain == 429 else fail)("::10.1.2.9 counts as 10.1.2.9 (the same budget)")
    finally:
        stop(process)
