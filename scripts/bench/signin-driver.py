#!/usr/bin/env python3
"""Load driver for scripts/bench/signin.sh: send+verify pairs against a running `launchgate serve`.

It reads the server's standard output on stdin, where the log mail transport prints each message
(To: and Subject: lines), so it knows every code the moment the outbox worker hands it over. Each
of CONNECTIONS keep-alive connections loops: send-code for a new address, wait for its code,
verify-code. A pair's latency runs from sending the code request to the verify's answer.

    launchgate serve … | signin-driver.py BASE_URL SECONDS CONNECTIONS
Prints: pairs/s p50_ms p99_ms errors
"""
import asyncio, json, re, sys, time, uuid
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


async def request(reader, writer, path, body):
    payload = json.dumps(body).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {base.netloc}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(payload)}\r\n\r\n".encode() + payload)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: (\d+)", head).group(1))
    return status, await reader.readexactly(length)


async def client(deadline, latencies, errors):
    reader, writer = await asyncio.open_connection(base.hostname, base.port)
    while time.monotonic() < deadline:
        email = f"bench-{uuid.uuid4().hex[:16]}@example.com"
        started = time.monotonic()
        status, body = await request(reader, writer, "/api/auth/send-code", {"email": email})
        if status != 200:
            errors.append(body[:200])
            continue
        code = await asyncio.wait_for(future_for(email), 10)
        status, body = await request(reader, writer, "/api/auth/verify-code", {"email": email, "code": code, "device_id": "bench"})
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
    await asyncio.gather(*(client(started + seconds, latencies, errors) for _ in range(connections)))
    elapsed = time.monotonic() - started
    mail.cancel()
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")
    print(f"{len(latencies) / elapsed:.0f} {pick(0.5):.1f} {pick(0.99):.1f} {len(errors)}")
    if errors:
        print(f"first error: {errors[0]!r}", file=sys.stderr)

asyncio.run(main())
