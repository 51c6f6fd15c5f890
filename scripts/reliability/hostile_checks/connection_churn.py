"""A reconnecting crowd around a quiet client near the connection cap (re-attack A2)."""
import asyncio
from .common import fail, ok, request, rss_kb, short, spawn_server, stop
from .connection_caps import raise_open_files


# A reconnecting crowd near the cap (re-attack A2): 2,100 /24s, one connection each, asking every
# 5 s and reconnecting at once when closed, closed a legitimate client asking every 20 s 4 times
# in 9 requests: every network held its fair share of one, and the idlest connection of all gave
# way. In short mode, scaled down on a second server with --max-connections 100 (eviction mark
# 90): 105 /24s ask every second for 16 s and reconnect at once, and the client, from another /24,
# asks every 4 s from 5 s before them (full mode: the attack's own figures against the default cap
# of 2,000, for 100 s, the client from 21 s before). It must never find its connection closed,
# while newcomers from fresh /24s are served within 5 s and the crowd's reconnects show the churn.
def quiet_client_under_churn():
    crowd, ping, every, seconds = (105, 1.0, 4.0, 16.0) if short else (2_100, 5.0, 20.0, 100.0)
    other_port, process, _ = spawn_server(*(("--max-connections", "100") if short else ()))
    try:
        if process.poll() is not None:
            return fail("the second server did not start")
        raise_open_files(crowd + 256)
        before = rss_kb(process.pid)
        asked, lost, reconnects, newcomers, peak = asyncio.run(churn(other_port, process.pid, crowd, ping, every, seconds))
        seconds += every + 1
        answered = [t for t in newcomers if t is not None]
        print(f"     {crowd} /24s x 1 connection asking every {ping:.0f} s and reconnecting at once, {seconds:.0f} s: "
              f"{reconnects} reconnects; a client asking every {every:.0f} s found its connection closed {lost} times in "
              f"{asked} requests; newcomers {len(answered)} of {len(newcomers)} answered, slowest "
              f"{max(answered, default=0) * 1000:.0f} ms; server RSS {before // 1024} -> peak {peak // 1024} MB")
        (ok if reconnects >= crowd // 10 else fail)(f"the crowd churned ({reconnects} reconnects)")
        (ok if asked >= seconds // every and lost == 0 else fail)(
            f"a quiet client that connected first keeps its connection through the churn ({lost} closed under it in {asked} requests)")
        (ok if newcomers and len(answered) == len(newcomers) else fail)(
            f"newcomers from fresh /24s are served during the churn ({len(answered)} of {len(newcomers)} within 5 s)")
    finally:
        stop(process)


async def churn(to_port, pid, crowd, ping, every, seconds):
    """The crowd, the quiet client and the newcomers of quiet_client_under_churn, at once:
    (requests the client sent, those that met a closed connection, the crowd's reconnects,
    newcomers' seconds to an answer or None, the server's peak RSS in KB)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + every + 1 + seconds
    counts = {"reconnects": 0, "peak": 0}

    async def exchange(reader, writer):
        writer.write(request("/healthz"))
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")), 0)
        await asyncio.wait_for(reader.readexactly(length), 10)
        if not head.startswith(b"HTTP/1.1 200"):
            raise ConnectionError(head[:40])

    async def connect(source):
        return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", to_port, local_addr=(source, 0)), 10)

    closed = (OSError, EOFError, asyncio.IncompleteReadError, asyncio.TimeoutError)

    async def member(source):
        counts["reconnects"] -= 1  # its first connection is none
        while loop.time() < end:
            try:
                reader, writer = await connect(source)
            except closed:
                await asyncio.sleep(0.2)
                continue
            counts["reconnects"] += 1
            try:
                while loop.time() < end:
                    await exchange(reader, writer)
                    await asyncio.sleep(ping)
            except closed:
                pass
            writer.close()
            await asyncio.sleep(0.05)

    async def client(source):
        asked = lost = 0
        reader, writer = await connect(source)
        while loop.time() < end:
            asked += 1
            try:
                await exchange(reader, writer)
            except closed:
                # Closed under it: a client retries on a new connection, as URLSession does a GET.
                lost += 1
                writer.close()
                reader, writer = await connect(source)
                await exchange(reader, writer)
            await asyncio.sleep(every)
        writer.close()
        return asked, lost

    async def newcomers():
        times = []
        for n in range(6):
            await asyncio.sleep(seconds / 7)
            started = loop.time()
            try:
                reader, writer = await connect(f"127.{90 + n}.0.9")
                await asyncio.wait_for(exchange(reader, writer), 5)
                writer.close()
                times.append(loop.time() - started)
            except closed:
                times.append(None)
            counts["peak"] = max(counts["peak"], rss_kb(pid))
        return times

    # The client has held its connection and asked twice when the crowd comes, 200 at a time.
    quiet = asyncio.create_task(client("127.80.0.5"))
    await asyncio.sleep(every + 1)
    members = []
    for k in range(crowd):
        members.append(asyncio.create_task(member(f"127.{60 + k // 250}.{k % 250}.1")))
        if k % 200 == 199:
            await asyncio.sleep(0.2)
    probes = await newcomers()
    (asked, lost), *_ = await asyncio.gather(quiet, *members)
    return asked, lost, counts["reconnects"], probes, counts["peak"]
