"""Sign-in mail behind a flood of sends from one network (issue 27, R3), on a server of its own that
delivers one message at a time to a slow mail server: the outbox's claims take turns across networks,
so a code another network asked for goes out in the next claim, not after the flood's newer mail."""
import asyncio, random, socket, time
from .common import fail, ok, spawn_server, stop
from .sign_in import sign_in_post


class SlowMailServer:
    """aiosmtpd on 127.0.0.1 (as scripts/smtp-sink.py), taking `delay` seconds to accept each
    message and recording when each recipient's message was accepted."""

    def __init__(self, delay):
        from aiosmtpd.controller import Controller
        self.delay, self.accepted = delay, {}
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server, session, envelope):
        await asyncio.sleep(self.delay)
        for recipient in envelope.rcpt_tos:
            self.accepted[recipient.lower()] = time.monotonic()
        return "250 accepted"

    def close(self):
        self.controller.stop()


# One /24 sends to 90 new addresses at 8 a second, within its caps (100 an hour to the app's
# addresses; the per-client cap is off so one loopback address can), while the mail server takes
# 0.4 s a message, one at a time: 2.5 a second. Two seconds in, another /24 asks for its owner's
# code. Newest first alone, the flood's later sends, always newer, took every place in every claim,
# and the owner's mail went out only once the flood's last ones had (about 30 s); in turns it goes
# out in the claim after it was queued, behind at most the 10 in flight.
def owner_mail_behind_a_flood():
    sink = SlowMailServer(delay=0.4)
    at, process, _ = spawn_server("--mail-transport", "smtp", "--smtp-url", f"smtp://127.0.0.1:{sink.port}?starttls=off",
                                  "--mail-deliveries-at-once", "1", "--sign-in-client-sends", "0")
    try:
        tag = random.randrange(10**9)
        owner = f"owner-{tag}@example.com"
        statuses, asked_at, answer = [], None, None
        started = time.monotonic()
        for n in range(90):
            statuses.append(sign_in_post("127.0.170.1", "send-code", {"email": f"flood-{tag}-{n}@example.com"}, at_port=at)[0])
            if asked_at is None and time.monotonic() - started >= 2:
                asked_at, answer = time.monotonic(), sign_in_post("127.0.171.1", "send-code", {"email": owner}, at_port=at)[0]
            time.sleep(max(0.0, started + (n + 1) / 8 - time.monotonic()))
        deadline = time.monotonic() + 60
        while owner not in sink.accepted and time.monotonic() < deadline:
            time.sleep(0.2)
        waited = sink.accepted[owner] - asked_at if owner in sink.accepted and asked_at else None
        delivered = sink.accepted.get(owner)
        waiting = 90 - sum(1 for n in range(90) if delivered and sink.accepted.get(f"flood-{tag}-{n}@example.com", delivered) < delivered)
        good = answer == 200 and statuses.count(200) == 90 and waited is not None and waited < 8
        (ok if good else fail)(
            f"one /24 queued {statuses.count(200)} of 90 sends at 8 a second to a mail server taking 0.4 s each, one at a time; "
            f"another /24's code ({answer}) reached the mail server "
            f"{'never' if waited is None else f'{waited:.1f} s'} after it was asked for (goal: under 8 s), "
            f"with {waiting} of the flood's mails still to go")
    finally:
        stop(process)
        sink.close()


# Attack s12, B1: within an app, each network's first mail made one round, and the round went newest
# first, so one mail each from many /24s, queued after the owner's code, all went before it (300 /24s
# delayed it 96 s against a mail server taking 1 s a message, 4 at once). Now a round goes oldest
# first: 10 /24s send, then the owner's, then 60 more /24s, each once; against a mail server taking
# 0.2 s a message, one at a time, the owner's mail must go out behind the 10 queued before it and
# before every one of the 60 queued after it.
def owner_mail_before_later_networks():
    sink = SlowMailServer(delay=0.2)
    at, process, _ = spawn_server("--mail-transport", "smtp", "--smtp-url", f"smtp://127.0.0.1:{sink.port}?starttls=off",
                                  "--mail-deliveries-at-once", "1")
    try:
        tag = random.randrange(10**9)
        owner = f"owner-{tag}@example.com"
        before = [sign_in_post(f"127.0.{180 + n}.1", "send-code", {"email": f"before-{tag}-{n}@example.com"}, at_port=at)[0] for n in range(10)]
        asked_at = time.monotonic()
        answer = sign_in_post("127.0.179.1", "send-code", {"email": owner}, at_port=at)[0]
        later = [f"later-{tag}-{n}@example.com" for n in range(60)]
        after = [sign_in_post(f"127.0.{190 + n}.1", "send-code", {"email": email}, at_port=at)[0] for n, email in enumerate(later)]
        deadline = time.monotonic() + 60
        while owner not in sink.accepted and time.monotonic() < deadline:
            time.sleep(0.1)
        delivered = sink.accepted.get(owner)
        waited = delivered - asked_at if delivered else None
        overtook = sum(1 for email in later if delivered and sink.accepted.get(email, delivered) < delivered)
        good = before == [200] * 10 and answer == 200 and after == [200] * 60 and waited is not None and waited < 8 and overtook == 0
        (ok if good else fail)(
            f"10 /24s sent once ({before.count(200)} x 200), then the owner's /24 ({answer}), then 60 more /24s once each "
            f"({after.count(200)} x 200), to a mail server taking 0.2 s a message, one at a time: the owner's code reached it "
            f"{'never' if waited is None else f'{waited:.1f} s'} after it was asked for (goal: under 8 s), "
            f"with {overtook} of the 60 later mails before it (goal: none)")
    finally:
        stop(process)
        sink.close()
