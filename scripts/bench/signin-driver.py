#!/usr/bin/env python3
"""Load driver for scripts/bench/signin.sh: send+verify pairs against a running `launchgate serve`.

It reads the server's standard output on stdin, where the log mail transport prints each message
(To: and Subject: lines), so it knows every code the moment the outbox worker hands it over. Each
of CONNECTIONS keep-alive connections loops: send-code for a new address, wait for its code,
verify-code. A pair's latency runs from sending the code request to the verify's answer. Each
pair is a new user from a new client address, named in X-Forwarded-For for the server, which
trusts the driver as its proxy: 3 in 4 IPv4 over many /24 networks, 1 in 4 IPv6, each its own /64.

    launchgate serve … | signin-driver.py BASE_URL SECONDS CONNECTIONS
Prints: pairs/s p50_ms p99_ms errors
"""
import asyncio, itertools, json, re, sys, time, uuid
from urllib.parse import urlparse

base = urlparse(sys.argv[1])
seconds, connections = float(sys.argv[2]), int(sys.argv[3])
codes: dict[str, asyncio.Future] = {}


def future_for(email):
    if email not in codes:
        codes[email] = asyncio.get_running_loop().create_future()
    return codes[email]


async def read_mail():
    """Pairs each printed To: line with the code in the Subject: line after it."""
    reader = asyncio.StreamReader(limit=1 << 20)
    await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    to = None
    while line := await reader.readline():
        text = line.decode(errors="replace").rstrip("\n")
        if text.startswith("To: "):
            to = text[4:]
        elif text.startswith("Subject: ") and to:
            match = re.match(r"Subject: (\d+) ", text)
            if match and not future_for(to).done():
                future_for(to).set_result(match.group(1))
            to = None


def client_address(n):
    """The address of user n, as scripts/bench/sdk-request.lua writes an install's."""
    h = n * 2654435761 % 2**32
    if n % 4 == 3:
        return f"2001:db8:{h >> 16:x}:{h & 0xFFFF:x}::{n % 65535 + 1:x}"
    first = 11 + (h >> 24) % 211
    first += first >= 127
    return f"{first}.{(h >> 16) & 255}.{(h >> 8) & 255}.{h % 254 + 1}"


async def request(reader, writer, path, body, client):
    payload = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {base.netloc}\r\nContent-Type: application/json\r\n"
                 f"X-Forwarded-For: {client}\r\nContent-Length: {len(payload)}\r\n\r\n".encode() + payload)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
    return status, await reader.readexactly(length)


async def client(deadline, latencies, errors, users):
    reader, writer = await asyncio.open_connection(base.hostname, base.port)
    while time.monotonic() < deadline:
        email = f"bench-{uuid.uuid4().hex[:16]}@example.com"
        user = client_address(next(users))
        started = time.monotonic()
        status, body = await request(reader, writer, "/api/auth/send-code", {"email": email}, user)
        if status != 200:
            errors.append(body[:200])
            continue
        code = await asyncio.wait_for(future_for(email), 10)
        status, body = await request(reader, writer, "/api/auth/verify-code", {"email": email, "code": code, "device_id": "bench"}, user)
        if status == 200:
            latencies.append(time.monotonic() - started)
        else:
            errors.append(body[:200])
        codes.pop(email, None)
    writer.close()


async def wait_for_server():
    """The server may still be starting (migrating, connecting to PostgreSQL)."""
    for _ in range(300):
        try:
            _, writer = await asyncio.open_connection(base.hostname, base.port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    sys.exit("the server did not start listening within 30 s")


async def main():
    mail = asyncio.create_task(read_mail())
    await wait_for_server()
    latencies, errors = [], []
    started = time.monotonic()
    users = itertools.count()
    await asyncio.gather(*(client(started + seconds, latencies, errors, users) for _ in range(connections)))
    elapsed = time.monotonic() - started
    mail.cancel()
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")
    print(f"{len(latencies) / elapsed:.0f} {pick(0.5):.1f} {pick(0.99):.1f} {len(errors)}")
    if errors:
        print(f"first error: {errors[0]!r}", file=sys.stderr)

asyncio.run(main())
