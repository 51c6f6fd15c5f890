"""The console's operator sign-in form against many networks: one network's wrong codes and sends
against an operator's (issue 27, item 3), and the operator's room for short codes (review s9b, K1).
Loopback sources stand in for networks: 127.0.N.x is the /24 N."""
import json, random, re
import urllib.request
from console_form import post_sign_in_form
from logged_mail import mailed_code
from .common import fail, ok, port, token
from .sign_in import SERVE_LOG


def add_operator(email):
    add = urllib.request.Request(f"http://127.0.0.1:{port}/v1/admin/operators", data=json.dumps({"email": email, "scope": "read"}).encode(),
                                 headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(add, timeout=10):
        pass


def console_post(source, path, fields, with_page=False):
    """Posts the console's sign-in form from `source`, as that client (console_form)."""
    return post_sign_in_form(port, source, path, fields, with_page=with_page)


def console_from_another_network():
    run = random.randrange(10**9)
    first, second = f"ops-a-{run}@example.com", f"ops-b-{run}@example.com"
    for email in (first, second):
        add_operator(email)
    sent = console_post("127.0.7.1", "email", {"email": first})
    guesses = {}
    for n in range(25):
        status = console_post(f"127.0.7.{n + 2}", "code", {"email": first, "code": "000000"})
        guesses[status] = guesses.get(status, 0) + 1
    own = (console_post("127.0.40.1", "email", {"email": first}), console_post("127.0.40.1", "code", {"email": first, "code": "111111"}))
    (ok if sent == 200 and guesses == {401: 5, 429: 20} and own == (200, 401) else fail)(
        f"console: 25 wrong codes for an operator from one /24 (after its own send, {sent}) answered {guesses}; the operator, "
        f"from another, then sends ({own[0]}) and has a code checked ({own[1]}), not 429")
    sends = [console_post(f"127.0.8.{n + 1}", "email", {"email": second}) for n in range(4)]
    mine = console_post("127.0.41.1", "email", {"email": second})
    (ok if sends == [200, 429, 429, 429] and mine == 200 else fail)(
        f"console: 4 sends for an operator from one /24 answered {sends}; the operator's own from another then answered {mine}")


# Review s9b, K1: the console's operator sign-in had no room for short codes, so networks an
# operator's address doesn't know compared guesses with its 6-digit codes about 200 times an hour.
# Now a send pays its code's 5 tries into the address's room and a guess from a network without a
# code of its own pays 4 (the live codes it may be compared with): one send and 5 wrong codes
# spend it. Past it, that network's guess with the operator's right short code must be refused, a
# send must name and mail a 9-digit code that signs in from its /24, and the operator's own short
# code must still sign in from the /24 that asked for it (its tries were paid when it was sent).
def console_room():
    email = f"ops-room-{random.randrange(10**9)}@example.com"
    add_operator(email)
    own = "127.0.42.1"
    sent = console_post(own, "email", {"email": email})
    short = mailed_code(SERVE_LOG, email, 6)
    guesses = [console_post(f"127.0.{43 + n}.1", "code", {"email": email, "code": "000000"}) for n in range(5)]
    refused = console_post("127.0.48.1", "code", {"email": email, "code": short or "000000"})
    long_status, page = console_post("127.0.49.1", "email", {"email": email}, with_page=True)
    named = re.search(r"a (\d+)-digit code", page)
    long = mailed_code(SERVE_LOG, email, 9)
    with_long = console_post("127.0.49.1", "code", {"email": email, "code": long or "000000000", "length": "9"})
    with_short = console_post(own, "code", {"email": email, "code": short or "000000"})
    (ok if (sent, guesses, refused, long_status, with_long, with_short) == (200, [401] * 5, 429, 200, 303, 303)
        and named and named.group(1) == "9" and short and long else fail)(
        f"console: an operator's send ({sent}) and 5 wrong codes from other /24s ({guesses}) spend its room; another /24's guess "
        f"with the right 6-digit code then answered {refused}; a send ({long_status}) named a {named.group(1) if named else '?'}-digit "
        f"code, mailed {long!r}, which signed in from its /24 ({with_long}); the own 6-digit code still signed in ({with_short})")
